package io.hawser.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MutableHttpFieldsTest {
    @Test
    void refusesEveryControlCharacterButHtabAndDelInValues() {
        MutableHttpFields fields = new MutableHttpFields();
        for (int c = 0; c < 0x20; c++) {
            String value = "a" + (char) c + "b";
            if (c == '\t') {
                fields.set("X", value);
                assertThat(fields.get("X")).isEqualTo(value);
            } else {
                assertThatThrownBy(() -> fields.set("X", value)).as("0x%02X", c)
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(String.format("0x%02X", c));
                assertThatThrownBy(() -> fields.add("X", value)).isInstanceOf(IllegalArgumentException.class);
            }
        }
        assertThatThrownBy(() -> fields.add("X", "a\u007Fb")).hasMessageContaining("0x7F");
        assertThatThrownBy(() -> fields.add("X", "snow \u2603")).hasMessageContaining("above 0xFF");
        assertThatThrownBy(() -> fields.add("X", null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void acceptsVisibleCharactersSpacesAndObsText() {
        MutableHttpFields fields = new MutableHttpFields();
        StringBuilder all = new StringBuilder(" \t");
        for (char c = 0x21; c <= 0xFF; c++) {
            if (c != 0x7F) {
                all.append(c);
            }
        }
        fields.add("X-All", all.toString());
        assertThat(fields.get("x-all")).isEqualTo(all.toString());
    }

    @Test
    void refusesNamesThatAreNotTokens() {
        MutableHttpFields fields = new MutableHttpFields();
        for (String name : new String[] {"", "a b", "a:b", "a\r\nb", "a\u0000", "caf\u00e9", "(x)"}) {
            assertThatThrownBy(() -> fields.add(name, "v")).as(name).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> fields.add(null, "v")).isInstanceOf(IllegalArgumentException.class);
        assertThat(fields.size()).isZero();
    }

    @Test
    void setReplacesEveryLineOfTheNameIgnoringCaseAndKeepsOthersInOrder() {
        MutableHttpFields fields = new MutableHttpFields().add("A", "1").add("B", "2").add("a", "3").add("C", "4");
        fields.set("A", "5");
        assertThat(fields.size()).isEqualTo(3);
        assertThat(fields.name(0) + fields.value(0) + fields.name(1) + fields.value(1) + fields.name(2) + fields.value(2))
                .isEqualTo("A5B2C4");
        assertThat(fields.remove("c")).isTrue();
        assertThat(fields.remove("c")).isFalse();
    }
}
