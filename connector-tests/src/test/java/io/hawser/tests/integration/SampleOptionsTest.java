package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.samples.embedded.SampleOptions;
import org.junit.jupiter.api.Test;

/** The embedded sample's command line: {@code --max-connections} (what the benchmark's idle50k passes it). */
class SampleOptionsTest {

    @Test
    void maxConnectionsSetsTheConnectorsLimitAndDefaultsToTheConnectorsOwn() {
        assertThat(SampleOptions.parse("--max-connections", "51000").config().maxConnections()).isEqualTo(51_000);
        assertThat(SampleOptions.parse("--max-connections=3").config().maxConnections()).isEqualTo(3);
        assertThat(SampleOptions.parse().config().maxConnections()).isEqualTo(10_000);
    }

    @Test
    void aBadMaxConnectionsIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> SampleOptions.parse("--max-connections", "0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("--max-connections: ");
        assertThatThrownBy(() -> SampleOptions.parse("--max-connections", "many"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--max-connections: not a number: many");
    }
}
