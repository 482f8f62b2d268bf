package io.hawser.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CaseFileReaderTest {

    private static CaseFile parse(String text) {
        return CaseFileReader.parse("group/name", text);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void escapesBecomeBytes() {
        CaseFile c = parse("---\nA\\r\\n\\t\\0\\s\\\\\\x7f\\xFFz\n");
        assertThat(c.payload()).isEqualTo(bytes("A\r\n\t\0 \\\u007f\u00ffz"));
    }

    @Test
    void nonAsciiCharactersAreSentAsUtf8() {
        assertThat(parse("---\n/\u00e9\n").payload()).isEqualTo(new byte[] {'/', (byte) 0xC3, (byte) 0xA9});
    }

    @Test
    void badEscapesAreRejected() {
        assertThatThrownBy(() -> parse("---\nab\\q\n")).isInstanceOf(CaseFormatException.class)
                .hasMessageContaining("unknown escape \\q");
        assertThatThrownBy(() -> parse("---\nab\\x4\n")).hasMessageContaining("bad \\x escape");
        assertThatThrownBy(() -> parse("---\nab\\xzz\n")).hasMessageContaining("bad \\x escape");
        assertThatThrownBy(() -> parse("---\nab\\\n")).hasMessageContaining("dangling backslash");
    }

    @Test
    void lineBreaksTrailingBlanksAndEmptyLinesAreNotSent() {
        CaseFile c = parse("---\r\nGET / HTTP/1.1\\r\\n  \t\r\n\r\n   \r\nHost: x\\s\t\n\\r\\n\n  lead\n");
        // a line of blanks only counts as empty; leading blanks are data
        assertThat(c.payload()).isEqualTo(bytes("GET / HTTP/1.1\r\nHost: x \r\n  lead"));
    }

    @Test
    void loneCarriageReturnEndsALineAsInPythonTextMode() {
        CaseFile c = parse("expect-status: 200\r---\rab\rcd\r");
        assertThat(c.payload()).isEqualTo(bytes("abcd"));
        assertThat(c.get("expect-status")).isEqualTo("200");
    }

    @Test
    void headerBlockKeysValuesAndDescription() {
        CaseFile c = parse("# First line.  \n#second\nExpect-Status : 400 \nexpect-status: 200\n"
                + "EXPECT-ECHO.2: method=GET\nrfc: RFC 9112 \u00a75.1\n\n---\nx\n");
        assertThat(c.id()).isEqualTo("group/name");
        assertThat(c.group()).isEqualTo("group");
        assertThat(c.description()).containsExactly("First line.", "second");
        assertThat(c.meta().get("expect-status")).containsExactly("400", "200");
        assertThat(c.get("expect-status")).isEqualTo("200");
        assertThat(c.get("expect-echo.2")).isEqualTo("method=GET");
        assertThat(c.get("missing", "fallback")).isEqualTo("fallback");
    }

    @Test
    void malformedHeaderBlocksAreRejected() {
        assertThatThrownBy(() -> parse("expect-status: 200\n")).hasMessageContaining("no '---' line");
        assertThatThrownBy(() -> parse("expect-foo: 1\n---\n")).hasMessageContaining("unknown key");
        assertThatThrownBy(() -> parse("no colon here\n---\n")).hasMessageContaining("without ':'");
        assertThatThrownBy(() -> parse("expect-status.1: 200\n---\n")).hasMessageContaining("takes no .N suffix");
        assertThatThrownBy(() -> parse("expect-close: maybe\n---\n")).hasMessageContaining("yes|no|any");
        assertThatThrownBy(() -> parse("expect-status: 2x0\n---\n")).hasMessageContaining("bad status pattern");
        assertThatThrownBy(() -> parse("split: chunks:0\n---\n")).hasMessageContaining("bad split mode");
        assertThatThrownBy(() -> parse("expect-responses: 1-x\n---\n")).hasMessageContaining("bad expect-responses");
        assertThatThrownBy(() -> parse("expect-interim: one\n---\n")).hasMessageContaining("bad expect-interim");
    }

    @Test
    void pauseAndWaitResponseEndSegments() {
        CaseFile c = parse("---\nab\n@pause\ncd\n@pause 40\nef\n@wait-response\ngh\n@wait-response 1500\n");
        List<Segment> s = c.segments();
        assertThat(s).hasSize(5);
        assertThat(s.get(0).data()).isEqualTo(bytes("ab"));
        assertThat(s.get(0).action()).isEqualTo(new Segment.Action(Segment.Kind.PAUSE, 300));
        assertThat(s.get(1).action()).isEqualTo(new Segment.Action(Segment.Kind.PAUSE, 40));
        assertThat(s.get(2).action()).isEqualTo(new Segment.Action(Segment.Kind.WAIT_RESPONSE, 2000));
        assertThat(s.get(3).action()).isEqualTo(new Segment.Action(Segment.Kind.WAIT_RESPONSE, 1500));
        assertThat(s.get(4).data()).isEmpty();
        assertThat(s.get(4).action()).isEqualTo(Segment.Action.NONE);
        assertThat(c.payload()).isEqualTo(bytes("abcdefgh"));
    }

    @Test
    void repeatWithAndWithoutIndex() {
        CaseFile c = parse("---\n@repeat 3 X-{i}: {i}\\r\\n\n@repeat 2   a\\sb  c\n@repeat 0 zz\n");
        assertThat(c.payload()).isEqualTo(bytes("X-0: 0\r\nX-1: 1\r\nX-2: 2\r\na b  ca b  c"));
        assertThatThrownBy(() -> parse("---\n@repeat 3\n")).hasMessageContaining("@repeat needs a count");
        assertThatThrownBy(() -> parse("---\n@pause soon\n")).hasMessageContaining("invalid literal");
        assertThatThrownBy(() -> parse("---\n@frob\n")).hasMessageContaining("unknown directive");
    }

    @Test
    void halfCloseMayOnlyBeFollowedByDirectives() {
        CaseFile c = parse("---\nab\n@half-close\n@pause 5\n");
        assertThat(c.halfClose()).isTrue();
        assertThat(c.payload()).isEqualTo(bytes("ab"));
        assertThatThrownBy(() -> parse("---\n@half-close\nab\n")).hasMessageContaining("data after @half-close");
    }

    @Test
    void splitModesCutTheWrites() {
        CaseFile none = parse("---\nabcdef\n@pause 7\ngh\n");
        assertThat(none.writes()).extracting(w -> new String(w.data(), StandardCharsets.ISO_8859_1))
                .containsExactly("abcdef", "", "gh");
        assertThat(none.writes().get(1).action()).isEqualTo(new Segment.Action(Segment.Kind.PAUSE, 7));

        CaseFile bytewise = parse("split: bytewise\n---\nabc\n");
        assertThat(bytewise.writes()).extracting(Write::delayMillis).containsExactly(2L, 2L, 0L);

        CaseFile at = parse("split: at:8,3,3\n---\nabcdef\n@pause 1\nghij\n");
        assertThat(at.writes()).extracting(w -> new String(w.data(), StandardCharsets.ISO_8859_1))
                .containsExactly("abc", "def", "", "gh", "ij");
        assertThat(at.writes()).extracting(Write::delayMillis).containsExactly(100L, 0L, 0L, 100L, 0L);

        CaseFile chunks = parse("split: chunks:4\nsplit-delay-ms: 9\n---\n0123456789\n");
        assertThat(chunks.writes()).extracting(w -> new String(w.data(), StandardCharsets.ISO_8859_1))
                .containsExactly("0123", "4567", "89");
        assertThat(chunks.writes()).extracting(Write::delayMillis).containsExactly(9L, 9L, 0L);
    }

    @Test
    void requestMethodsAndVersion() {
        assertThat(parse("---\n\\r\\nHEAD / HTTP/1.0\\r\\n\n").requestMethods()).containsExactly("HEAD");
        assertThat(parse("---\n\\r\\nHEAD / HTTP/1.0\\r\\n\n").requestIsHttp10()).isTrue();
        assertThat(parse("---\nGET / HTTP/1.1\\r\\n\n").requestIsHttp10()).isFalse();
        assertThat(parse("---\n/nothing\n").requestMethods()).containsExactly("GET");
        assertThat(parse("request-methods: CONNECT, GET  HEAD\n---\nCONNECT x:1 HTTP/1.1\n").requestMethods())
                .containsExactly("CONNECT", "GET", "HEAD");
    }

    @Test
    void countsAndOtherKeys() {
        CaseFile c = parse("expect-responses: 0-2|5\nexpect-interim: 0| 1\nrequires: stream-endpoint, idle-timeout\n"
                + "timeout: 1.5\n---\n");
        assertThat(c.responseCounts()).containsExactlyInAnyOrder(0, 1, 2, 5);
        assertThat(c.interimCounts()).containsExactlyInAnyOrder(0, 1);
        assertThat(c.requires()).containsExactly("stream-endpoint", "idle-timeout");
        assertThat(c.timeoutSeconds(5)).isEqualTo(1.5);
        CaseFile defaults = parse("---\n");
        assertThat(defaults.responseCounts()).containsExactly(1);
        assertThat(defaults.interimCounts()).isNull();
        assertThat(defaults.timeoutSeconds(5)).isEqualTo(5.0);
        assertThat(parse("expect-responses: any\n---\n").responseCounts()).isNull();
    }
}
