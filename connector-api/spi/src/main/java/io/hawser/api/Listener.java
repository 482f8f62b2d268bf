package io.hawser.api;

import java.util.Objects;

/**
 * One address a connector accepts connections on ({@link ConnectorConfig#listeners()}):
 * cleartext HTTP/1.1, or HTTP/1.1 over TLS with the connector's {@link ConnectorConfig#tls()}.
 *
 * @param host address or name to bind ({@code 0.0.0.0}: every interface)
 * @param port 0–65535 (0: a free port, see {@code NioConnector.port(Listener)})
 * @param secure whether it speaks TLS (the {@code https} scheme, RFC 9110 §4.2.2)
 */
public record Listener(String host, int port, boolean secure) {
    /** Validates the port range. */
    public Listener {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535: " + port);
        }
    }

    /** @return {@code https} or {@code http} */
    public String scheme() {
        return secure ? "https" : "http";
    }
}
