package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.Listener;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code --listen unix:PATH}: a Unix domain socket listener beside the TCP ones. */
class ListenOptionTest {
    private static ConnectorConfig config(String... args) {
        ConnectorConfig.Builder b = ConnectorConfig.builder().port(8080);
        TlsOptions options = new TlsOptions();
        options.options.parse(args);
        options.applyTo(b);
        return b.build();
    }

    @Test
    void unixSocketListener() {
        ConnectorConfig c = config("--listen", "unix:/run/hawser/http.sock", "--listen", "127.0.0.1:9090");
        assertThat(c.listeners()).containsExactly(new Listener("0.0.0.0", 8080, false),
                Listener.unix(Path.of("/run/hawser/http.sock"), false), new Listener("127.0.0.1", 9090, false));
    }

    @Test
    void unixWithoutAPathIsRefused() {
        assertThatThrownBy(() -> config("--listen", "unix:")).hasMessageContaining("needs a socket path");
    }
}
