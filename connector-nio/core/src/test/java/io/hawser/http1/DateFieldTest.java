package io.hawser.http1;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The {@code Date} field line in IMF-fixdate form (RFC 9110 §5.6.7, §6.6.1). */
class DateFieldTest {
    private static final String IMF_FIXDATE =
            "(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} "
            + "\\d{2}:\\d{2}:\\d{2} GMT";

    @Test
    void writesTheRfcExampleWithATwoDigitDay() {
        assertThat(line(784111777000L)).isEqualTo("Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n");
    }

    @Test
    void writesOtherKnownInstants() {
        assertThat(line(0)).isEqualTo("Date: Thu, 01 Jan 1970 00:00:00 GMT\r\n");
        assertThat(line(951_782_400_000L)).isEqualTo("Date: Tue, 29 Feb 2000 00:00:00 GMT\r\n");
        assertThat(line(1_709_251_199_000L)).isEqualTo("Date: Thu, 29 Feb 2024 23:59:59 GMT\r\n");
        assertThat(line(4_102_444_799_000L)).isEqualTo("Date: Thu, 31 Dec 2099 23:59:59 GMT\r\n");
    }

    @Test
    void truncatesToTheSecondAndSharesTheBytesWithinIt() {
        byte[] first = DateField.line(784111777000L);

        assertThat(DateField.line(784111777999L)).isSameAs(first);
        assertThat(line(784111778000L)).isEqualTo("Date: Sun, 06 Nov 1994 08:49:38 GMT\r\n");
        assertThat(line(784111777500L)).isEqualTo("Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n");
    }

    @Test
    void writesEnglishNamesWhateverTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(line(784111779000L)).isEqualTo("Date: Sun, 06 Nov 1994 08:49:39 GMT\r\n");
            Locale.setDefault(Locale.forLanguageTag("ar-SA"));
            assertThat(line(784111780000L)).isEqualTo("Date: Sun, 06 Nov 1994 08:49:40 GMT\r\n");
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void writesImfFixdateForAnySecond() {
        Random random = new Random(11);
        for (int i = 0; i < 2000; i++) {
            long millis = (random.nextLong() >>> 1) % 4_102_444_800_000L;
            String line = line(millis);
            String date = line.substring("Date: ".length(), line.length() - 2);

            assertThat(line).startsWith("Date: ").endsWith("\r\n");
            assertThat(date).hasSize(29).matches(IMF_FIXDATE);
            ZonedDateTime parsed = ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
            assertThat(parsed.toInstant()).isEqualTo(Instant.ofEpochSecond(millis / 1000));
        }
    }

    private static String line(long epochMillis) {
        return new String(DateField.line(epochMillis), StandardCharsets.US_ASCII);
    }
}
