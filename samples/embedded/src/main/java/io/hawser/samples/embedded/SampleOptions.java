package io.hawser.samples.embedded;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.DurationText;
import java.io.PrintStream;

/**
 * The samples' command line, read by hand so that a raw-handler embedder needs nothing but the SPI
 * and the connector core: {@code [--port N] [--host ADDRESS] [--headers-timeout D]
 * [--request-timeout D] [--keep-alive-timeout D] [--write-timeout D] [--tls-port N --tls-cert PEM
 * --tls-key PEM] [--handler blocking|non-blocking] [--max-connections N] [--help]}, each value as the
 * next argument or after {@code =}; durations as {@link DurationText} reads them ({@code 500ms},
 * {@code 20s}). Defaults: port 8080, host 127.0.0.1, the connector's own timeouts, a blocking
 * handler (on worker threads; {@code non-blocking}: on the selector loops, where the sample supports it),
 * the connector's own limit of open connections ({@link ConnectorConfig#maxConnections()}, 10,000).
 */
public final class SampleOptions {
    /** The usage text {@code --help} prints. */
    public static final String USAGE = "options: [--port N (8080; 0 picks a free one)] [--host ADDRESS (127.0.0.1)]"
            + " [--headers-timeout D] [--request-timeout D] [--keep-alive-timeout D] [--write-timeout D]"
            + " [--tls-port N --tls-cert CHAIN.pem --tls-key KEY.pem (PKCS#8)] [--handler blocking|non-blocking]"
            + " [--max-connections N (10000)] [--help]";

    private final ConnectorConfig config;
    private final String host;
    private final boolean nonBlocking;

    private SampleOptions(ConnectorConfig config, String host, boolean nonBlocking) {
        this.config = config;
        this.host = host;
        this.nonBlocking = nonBlocking;
    }

    /** @return whether {@code --handler non-blocking} asks for the handler to run on the selector loops */
    public boolean nonBlocking() {
        return nonBlocking;
    }

    /** @return the connector configuration the options describe */
    public ConnectorConfig config() {
        return config;
    }

    /** @return the address to bind, as given (for the printed URL) */
    public String host() {
        return host;
    }

    /**
     * @param args the command line
     * @return the options
     * @throws IllegalArgumentException naming the option, for an unknown option, a missing or bad value
     */
    public static SampleOptions parse(String... args) {
        ConnectorConfig.Builder b = ConnectorConfig.builder().host("127.0.0.1").port(8080);
        String host = "127.0.0.1";
        String cert = null;
        String key = null;
        boolean nonBlocking = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            String name = eq > 0 ? arg.substring(0, eq) : arg;
            String value;
            if (eq > 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new IllegalArgumentException("missing value for " + name);
            }
            try {
                switch (name) {
                    case "--port" -> b.port(Integer.parseInt(value));
                    case "--host" -> {
                        host = value;
                        b.host(value);
                    }
                    case "--headers-timeout" -> b.headersTimeout(DurationText.parse(value));
                    case "--request-timeout" -> b.requestTimeout(DurationText.parse(value));
                    case "--keep-alive-timeout" -> b.keepAliveTimeout(DurationText.parse(value));
                    case "--write-timeout" -> b.writeTimeout(DurationText.parse(value));
                    case "--max-connections" -> b.maxConnections(Integer.parseInt(value));
                    case "--tls-port" -> b.tlsPort(Integer.parseInt(value));
                    case "--tls-cert" -> cert = value;
                    case "--tls-key" -> key = value;
                    case "--handler" -> nonBlocking = switch (value) {
                        case "blocking" -> false;
                        case "non-blocking" -> true;
                        default -> throw new IllegalArgumentException("must be blocking or non-blocking: " + value);
                    };
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + ": not a number: " + value);
            } catch (IllegalArgumentException e) {
                throw e.getMessage() != null && e.getMessage().startsWith("unknown option") ? e
                        : new IllegalArgumentException(name + ": " + e.getMessage());
            }
        }
        if ((cert == null) != (key == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        if (cert != null) {
            b.tls(io.hawser.api.TlsConfig.builder().certificate(java.nio.file.Path.of(cert), java.nio.file.Path.of(key)).build());
        }
        try {
            return new SampleOptions(b.build(), host, nonBlocking);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * Parses for a {@code main}: {@code --help} prints {@link #USAGE} and exits 0; a bad command line
     * prints one line and exits 2.
     *
     * @param program the program's name, for messages
     * @param args the command line
     * @return the options
     */
    public static SampleOptions parseOrExit(String program, String[] args) {
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h")) {
                System.out.println(program + " " + USAGE);
                System.exit(0);
            }
        }
        try {
            return parse(args);
        } catch (IllegalArgumentException e) {
            PrintStream err = System.err;
            err.println(program + ": " + e.getMessage() + " (" + program + " --help lists the options)");
            System.exit(2);
            return null;
        }
    }
}
