package io.hawser.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationTextTest {
    @Test
    void parsesEachUnit() {
        assertThat(DurationText.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(DurationText.parse(" 20S ")).isEqualTo(Duration.ofSeconds(20));
        assertThat(DurationText.parse("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(DurationText.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThatThrownBy(() -> DurationText.parse("20 parsecs")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DurationText.parse("s")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void formatsInTheLargestExactUnitAndReadsBack() {
        assertThat(DurationText.format(Duration.ofSeconds(10))).isEqualTo("10s");
        assertThat(DurationText.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(DurationText.format(Duration.ofMinutes(5))).isEqualTo("5m");
        assertThat(DurationText.format(Duration.ofMinutes(90))).isEqualTo("90m");
        assertThat(DurationText.format(Duration.ofHours(2))).isEqualTo("2h");
        assertThat(DurationText.format(Duration.ZERO)).isEqualTo("0s");
        for (String s : new String[] {"1ms", "999ms", "1s", "61s", "59m", "3h"}) {
            assertThat(DurationText.parse(DurationText.format(DurationText.parse(s)))).isEqualTo(DurationText.parse(s));
        }
    }
}
