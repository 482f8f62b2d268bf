package io.hawser.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The two entity-tag comparisons of RFC 9110 §8.8.3.2, over field lists. */
class EntityTagsTest {

    @Test
    void theRfcsComparisonTable() {
        // §8.8.3.2: ETag 1, ETag 2, strong comparison, weak comparison
        String[][] table = {
            {"W/\"1\"", "W/\"1\"", "false", "true"},
            {"W/\"1\"", "W/\"2\"", "false", "false"},
            {"W/\"1\"", "\"1\"", "false", "true"},
            {"\"1\"", "\"1\"", "true", "true"},
        };
        for (String[] row : table) {
            assertThat(EntityTags.strongMatch(row[0], row[1])).as("strong %s %s", row[0], row[1])
                    .isEqualTo(Boolean.parseBoolean(row[2]));
            assertThat(EntityTags.weakMatch(row[0], row[1])).as("weak %s %s", row[0], row[1])
                    .isEqualTo(Boolean.parseBoolean(row[3]));
            assertThat(EntityTags.strongMatch(row[1], row[0])).isEqualTo(Boolean.parseBoolean(row[2]));
            assertThat(EntityTags.weakMatch(row[1], row[0])).isEqualTo(Boolean.parseBoolean(row[3]));
        }
    }

    @Test
    void anyMemberOfAListOrAStarMatches() {
        assertThat(EntityTags.strongMatch(" \"a\" ,\t\"b\", , \"c\"", "\"c\"")).isTrue();
        assertThat(EntityTags.weakMatch("W/\"a\", \"b\"", "\"a\"")).isTrue();
        assertThat(EntityTags.strongMatch(" * ", "\"z\"")).isTrue();
        assertThat(EntityTags.weakMatch("*", null)).isTrue();
        assertThat(EntityTags.strongMatch("\"a\", \"b\"", "\"z\"")).isFalse();
    }

    @Test
    void aMalformedListOrNoCurrentTagMatchesNothing() {
        assertThat(EntityTags.weakMatch("a", "\"a\"")).isFalse();
        assertThat(EntityTags.weakMatch("\"a", "\"a\"")).isFalse();
        assertThat(EntityTags.weakMatch("x, \"a\"", "\"a\"")).isFalse();
        assertThat(EntityTags.strongMatch("\"a\"", null)).isFalse();
        assertThat(EntityTags.weakMatch("", "\"a\"")).isFalse();
    }

    @Test
    void anIfRangeValueIsATagOrADate() {
        assertThat(EntityTags.isEntityTag(" \"a\"")).isTrue();
        assertThat(EntityTags.isEntityTag("W/\"a\"")).isTrue();
        assertThat(EntityTags.isEntityTag("Sun, 06 Nov 1994 08:49:37 GMT")).isFalse();
    }
}
