package io.hawser.api;

import static io.hawser.api.ConditionalRequest.Outcome.NOT_MODIFIED;
import static io.hawser.api.ConditionalRequest.Outcome.PERFORM;
import static io.hawser.api.ConditionalRequest.Outcome.PERFORM_RANGE;
import static io.hawser.api.ConditionalRequest.Outcome.PRECONDITION_FAILED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** RFC 9110 §13.2.2, step by step, against a representation with both validators. */
class ConditionalRequestTest {
    static final String ETAG = "\"1a-5f\"";
    /** Sun, 06 Nov 1994 08:49:37.250 GMT: the fraction is below an HTTP-date's resolution. */
    static final long MODIFIED = 784_111_777_250L;
    static final String AT = "Sun, 06 Nov 1994 08:49:37 GMT";
    static final String BEFORE = "Sun, 06 Nov 1994 08:49:36 GMT";
    static final String AFTER = "Sun, 06 Nov 1994 08:49:38 GMT";

    static ConditionalRequest.Outcome evaluate(String method, String... namesAndValues) {
        MutableHttpFields fields = new MutableHttpFields();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return ConditionalRequest.of(method, fields).evaluate(ETAG, MODIFIED);
    }

    @Test
    void withoutPreconditionsTheMethodIsPerformed() {
        assertThat(evaluate("GET")).isEqualTo(PERFORM);
        assertThat(evaluate("PUT")).isEqualTo(PERFORM);
    }

    @Nested
    class Step1IfMatch {
        @Test
        void aStronglyMatchingTagOrAStarProceeds() {
            assertThat(evaluate("GET", "If-Match", "\"x\", " + ETAG)).isEqualTo(PERFORM);
            assertThat(evaluate("PUT", "If-Match", "*")).isEqualTo(PERFORM);
        }

        @Test
        void noMatchOrAWeakTagFailsWith412() {
            assertThat(evaluate("GET", "If-Match", "\"x\"")).isEqualTo(PRECONDITION_FAILED);
            assertThat(evaluate("GET", "If-Match", "W/" + ETAG)).isEqualTo(PRECONDITION_FAILED);
            assertThat(evaluate("DELETE", "If-Match", "not a list")).isEqualTo(PRECONDITION_FAILED);
        }

        @Test
        void itOverridesIfUnmodifiedSince() {
            assertThat(evaluate("PUT", "If-Match", ETAG, "If-Unmodified-Since", BEFORE)).isEqualTo(PERFORM);
        }

        @Test
        void repeatedLinesAreOneList() {
            assertThat(evaluate("PUT", "If-Match", "\"x\"", "If-Match", ETAG)).isEqualTo(PERFORM);
        }
    }

    @Nested
    class Step2IfUnmodifiedSince {
        @Test
        void aModificationAfterTheDateFailsWith412() {
            assertThat(evaluate("PUT", "If-Unmodified-Since", BEFORE)).isEqualTo(PRECONDITION_FAILED);
        }

        @Test
        void theSameSecondOrLaterProceeds() {
            assertThat(evaluate("PUT", "If-Unmodified-Since", AT)).isEqualTo(PERFORM);
            assertThat(evaluate("PUT", "If-Unmodified-Since", AFTER)).isEqualTo(PERFORM);
        }

        @Test
        void anInvalidDateIsIgnored() {
            assertThat(evaluate("PUT", "If-Unmodified-Since", "yesterday")).isEqualTo(PERFORM);
        }
    }

    @Nested
    class Step3IfNoneMatch {
        @Test
        void aWeaklyMatchingTagGives304ForGetAndHead() {
            assertThat(evaluate("GET", "If-None-Match", "\"x\", W/" + ETAG)).isEqualTo(NOT_MODIFIED);
            assertThat(evaluate("HEAD", "If-None-Match", "*")).isEqualTo(NOT_MODIFIED);
        }

        @Test
        void aMatchFailsWith412ForOtherMethods() {
            assertThat(evaluate("PUT", "If-None-Match", "*")).isEqualTo(PRECONDITION_FAILED);
            assertThat(evaluate("POST", "If-None-Match", ETAG)).isEqualTo(PRECONDITION_FAILED);
        }

        @Test
        void noMatchProceedsAndOverridesIfModifiedSince() {
            assertThat(evaluate("GET", "If-None-Match", "\"x\"", "If-Modified-Since", AT)).isEqualTo(PERFORM);
        }

        @Test
        void itIsEvaluatedAfterIfMatch() {
            assertThat(evaluate("GET", "If-Match", "\"x\"", "If-None-Match", ETAG)).isEqualTo(PRECONDITION_FAILED);
        }
    }

    @Nested
    class Step4IfModifiedSince {
        @Test
        void noModificationSinceTheDateGives304() {
            assertThat(evaluate("GET", "If-Modified-Since", AT)).isEqualTo(NOT_MODIFIED);
            assertThat(evaluate("HEAD", "If-Modified-Since", AFTER)).isEqualTo(NOT_MODIFIED);
        }

        @Test
        void aModificationSinceTheDateProceeds() {
            assertThat(evaluate("GET", "If-Modified-Since", BEFORE)).isEqualTo(PERFORM);
        }

        @Test
        void itIsIgnoredForMethodsOtherThanGetAndHeadAndForInvalidDates() {
            assertThat(evaluate("POST", "If-Modified-Since", AFTER)).isEqualTo(PERFORM);
            assertThat(evaluate("GET", "If-Modified-Since", "soon")).isEqualTo(PERFORM);
        }
    }

    @Nested
    class Step5IfRange {
        @Test
        void aRangeAppliesToGetOnly() {
            assertThat(evaluate("GET", "Range", "bytes=0-1")).isEqualTo(PERFORM_RANGE);
            assertThat(evaluate("HEAD", "Range", "bytes=0-1")).isEqualTo(PERFORM);
            assertThat(evaluate("POST", "Range", "bytes=0-1")).isEqualTo(PERFORM);
        }

        @Test
        void aMatchingStrongTagOrTheExactDateKeepsTheRange() {
            assertThat(evaluate("GET", "Range", "bytes=0-1", "If-Range", ETAG)).isEqualTo(PERFORM_RANGE);
            assertThat(evaluate("GET", "Range", "bytes=0-1", "If-Range", AT)).isEqualTo(PERFORM_RANGE);
        }

        @Test
        void anyOtherValidatorSendsTheWholeRepresentation() {
            assertThat(evaluate("GET", "Range", "bytes=0-1", "If-Range", "\"stale\"")).isEqualTo(PERFORM);
            assertThat(evaluate("GET", "Range", "bytes=0-1", "If-Range", "W/" + ETAG)).isEqualTo(PERFORM);
            assertThat(evaluate("GET", "Range", "bytes=0-1", "If-Range", AFTER)).isEqualTo(PERFORM);
            assertThat(evaluate("GET", "Range", "bytes=0-1", "If-Range", "garbage")).isEqualTo(PERFORM);
        }

        @Test
        void ifRangeWithoutRangeChangesNothing() {
            assertThat(evaluate("GET", "If-Range", "\"stale\"")).isEqualTo(PERFORM);
        }

        @Test
        void itComesAfterTheOtherPreconditions() {
            assertThat(evaluate("GET", "Range", "bytes=0-1", "If-None-Match", ETAG)).isEqualTo(NOT_MODIFIED);
        }
    }

    @Test
    void aRepresentationWithoutValidatorsMatchesOnlyAStarAndIgnoresDates() {
        ConditionalRequest weakOnly = new ConditionalRequest("GET", "\"a\"", null, null, null, null, null);
        assertThat(weakOnly.evaluate(null, -1)).isEqualTo(PRECONDITION_FAILED);
        assertThat(new ConditionalRequest("GET", "*", null, null, AFTER, null, null).evaluate(null, -1))
                .isEqualTo(PERFORM);
        assertThat(new ConditionalRequest("PUT", null, BEFORE, null, null, null, null).evaluate(null, -1))
                .isEqualTo(PERFORM);
        assertThat(new ConditionalRequest("GET", null, null, "*", null, null, null).evaluate(null, -1))
                .isEqualTo(NOT_MODIFIED);
        assertThat(new ConditionalRequest("GET", null, null, null, null, "bytes=0-1", AT).evaluate(null, -1))
                .isEqualTo(PERFORM);
    }

    @Test
    void theMethodIsRequiredAndCaseSensitive() {
        assertThatThrownBy(() -> new ConditionalRequest(null, null, null, null, null, null, null))
                .isInstanceOf(NullPointerException.class);
        assertThat(evaluate("get", "If-None-Match", "*")).isEqualTo(PRECONDITION_FAILED);
    }
}
