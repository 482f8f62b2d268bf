package io.hawser.api;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One address a connector accepts connections on ({@link ConnectorConfig#listeners()}):
 * cleartext HTTP/1.1, or HTTP/1.1 over TLS with the connector's {@link ConnectorConfig#tls()};
 * over TCP on {@code host:port}, or over a Unix domain socket ({@code AF_UNIX}, {@link #unixSocket()}).
 *
 * @param host address or name to bind ({@code 0.0.0.0}: every interface); for a Unix domain
 *     socket, {@code "unix"}
 * @param port 0–65535 (0: a free port, see {@code NioConnector.port(Listener)}); 0 for a Unix domain socket
 * @param secure whether it speaks TLS (the {@code https} scheme, RFC 9110 §4.2.2)
 * @param unixSocket the socket file of a Unix domain socket listener, or {@code null} for TCP
 * @param proxyProtocol whether this listener expects a PROXY protocol header first (with the
 *     connector's {@link ConnectorConfig#proxyProtocol()}, which must be set); when no listener
 *     says so, that setting applies to every listener ({@link ConnectorConfig#proxyProtocol(Listener)})
 */
public record Listener(String host, int port, boolean secure, Path unixSocket, boolean proxyProtocol) {
    /** Validates the port range. */
    public Listener {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535: " + port);
        }
    }

    /**
     * A listener without a PROXY protocol mark of its own.
     *
     * @param host address or name to bind, or {@code "unix"}
     * @param port 0–65535
     * @param secure whether it speaks TLS
     * @param unixSocket the socket file, or {@code null} for TCP
     */
    public Listener(String host, int port, boolean secure, Path unixSocket) {
        this(host, port, secure, unixSocket, false);
    }

    /**
     * A TCP listener.
     *
     * @param host address or name to bind
     * @param port 0–65535
     * @param secure whether it speaks TLS
     */
    public Listener(String host, int port, boolean secure) {
        this(host, port, secure, null);
    }

    /**
     * @param socket the socket file to create (an existing file that no server answers on is
     *     replaced; one that a server answers on fails the start); removed at stop
     * @param secure whether it speaks TLS
     * @return a Unix domain socket listener
     */
    public static Listener unix(Path socket, boolean secure) {
        return new Listener("unix", 0, secure, Objects.requireNonNull(socket, "socket"));
    }

    /**
     * @return this listener, expecting a PROXY protocol header first from its (trusted) peers, as a
     *     Tomcat connector's or Jetty {@code ServerConnector}'s PROXY setting does for its port
     */
    public Listener withProxyProtocol() {
        return new Listener(host, port, secure, unixSocket, true);
    }

    /** @return {@code https} or {@code http} */
    public String scheme() {
        return secure ? "https" : "http";
    }
}
