package io.hawser.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.api.ByteRanges.Range;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Byte ranges of the Range field (RFC 9110 §14.1.2) against a 26-byte representation. */
class ByteRangesTest {
    static final long LENGTH = 26;

    @Test
    void rangesAreTrimmedToTheLengthInTheOrderAsked() {
        assertThat(ByteRanges.parse("bytes=0-4", LENGTH)).containsExactly(new Range(0, 4));
        assertThat(ByteRanges.parse("bytes=20-99", LENGTH)).containsExactly(new Range(20, 25));
        assertThat(ByteRanges.parse("bytes=23-", LENGTH)).containsExactly(new Range(23, 25));
        assertThat(ByteRanges.parse("bytes=-3", LENGTH)).containsExactly(new Range(23, 25));
        assertThat(ByteRanges.parse("bytes=-100", LENGTH)).containsExactly(new Range(0, 25));
        assertThat(ByteRanges.parse(" Bytes=24-25, ,0-1 ", LENGTH)).containsExactly(new Range(24, 25), new Range(0, 1));
    }

    @Test
    void unsatisfiableRangesAreDroppedAndNoneLeftMeans416() {
        assertThat(ByteRanges.parse("bytes=0-1, 30-40", LENGTH)).containsExactly(new Range(0, 1));
        assertThat(ByteRanges.parse("bytes=30-40", LENGTH)).isEmpty();
        assertThat(ByteRanges.parse("bytes=-0", LENGTH)).isEmpty();
        assertThat(ByteRanges.parse("bytes=0-", 0)).isEmpty();
        assertThat(ByteRanges.parse("bytes=-5", 0)).isEmpty();
        assertThat(ByteRanges.unsatisfiedRange(LENGTH)).isEqualTo("bytes */26");
    }

    @Test
    void malformedForeignOverlappingOrTooManyRangesAreIgnored() {
        for (String value : new String[] {"items=0-1", "bytes=", "bytes=,", "bytes=5-2", "bytes=a-b", "bytes=1",
                "bytes=--1", "bytes=0-1-2", "bytes=1234567890123456789-", "bytes=0-5, 3-8", "bytes=0-0, 0-0",
                "bytes=-5, 20-"}) {
            assertThat(ByteRanges.parse(value, LENGTH)).as(value).isNull();
        }
        assertThat(ByteRanges.parse(null, LENGTH)).isNull();
        StringBuilder sixteen = new StringBuilder("bytes=0-0");
        for (int i = 1; i < ByteRanges.MAX_RANGES; i++) {
            sixteen.append(',').append(i).append('-').append(i);
        }
        assertThat(ByteRanges.parse(sixteen.toString(), LENGTH)).hasSize(16);
        assertThat(ByteRanges.parse(sixteen + ",16-16", LENGTH)).isNull();
    }

    @Test
    void aRangeKnowsItsLengthAndContentRange() {
        Range r = new Range(20, 25);
        assertThat(r.length()).isEqualTo(6);
        assertThat(r.contentRange(LENGTH)).isEqualTo("bytes 20-25/26");
    }

    @Test
    void theListIsUnmodifiable() {
        List<Range> ranges = ByteRanges.parse("bytes=0-1", LENGTH);
        assertThatThrownBy(() -> ranges.add(new Range(2, 3))).isInstanceOf(UnsupportedOperationException.class);
    }
}
