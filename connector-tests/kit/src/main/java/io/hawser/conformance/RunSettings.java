package io.hawser.conformance;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How to run the corpus: the server address, TLS, the default timeout and grace time, the strict
 * mode, the features the server lacks (run-corpus's command-line options) and the server's own
 * timeouts, which bound the waits of the cases that name one ({@code timeout-from}).
 *
 * @param host server address (a name or a literal; whether a non-loopback one is allowed is the
 *     caller's decision: {@link Target} refuses it without {@code --allow-remote})
 * @param port server port
 * @param tls how to speak TLS to an {@code https} server, or null for plain TCP
 * @param timeoutSeconds seconds to wait for a case's outcome after sending (a case may set its own)
 * @param graceSeconds quiet seconds after the expected responses, to catch extra bytes or a late close
 * @param strict whether {@code prefer-status} / {@code prefer-close} replace the expectations
 * @param skipRequires features the server lacks; cases requiring them are skipped
 * @param serverTimeouts the server's timeouts in seconds by option name ({@code headers-timeout},
 *     {@code request-timeout}, {@code keep-alive-timeout}); empty when unknown
 */
public record RunSettings(String host, int port, Tls tls, double timeoutSeconds, double graceSeconds,
        boolean strict, Set<String> skipRequires, Map<String, Double> serverTimeouts) {

    /** run-corpus's default {@code --timeout}. */
    public static final double DEFAULT_TIMEOUT_SECONDS = 5.0;
    /** run-corpus's default {@code --grace}. */
    public static final double DEFAULT_GRACE_SECONDS = 0.5;
    /** Seconds a {@code timeout-from} case waits beyond the server's timeout it names. */
    public static final double TIMEOUT_MARGIN_SECONDS = 5.0;

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    /** @throws IllegalArgumentException when the port is out of range or a timeout is negative */
    public RunSettings {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        if (timeoutSeconds < 0 || graceSeconds < 0) {
            throw new IllegalArgumentException("timeouts must not be negative");
        }
        skipRequires = Set.copyOf(skipRequires);
        serverTimeouts = Map.copyOf(serverTimeouts);
    }

    /** @return settings with run-corpus's defaults for the given plain-TCP server */
    public static RunSettings of(String host, int port) {
        return new RunSettings(host, port, null, DEFAULT_TIMEOUT_SECONDS, DEFAULT_GRACE_SECONDS, false, Set.of(),
                Map.of());
    }

    /**
     * @param c a case
     * @return seconds to wait for its outcome: the server's timeout it names ({@code timeout-from}) plus
     *     {@link #TIMEOUT_MARGIN_SECONDS} when that timeout is known, else its own {@code timeout}, else
     *     {@link #timeoutSeconds}
     */
    double waitSeconds(CaseFile c) {
        String from = c.get("timeout-from");
        Double server = from == null ? null : serverTimeouts.get(from);
        return server != null ? server + TIMEOUT_MARGIN_SECONDS : c.timeoutSeconds(timeoutSeconds);
    }

    /**
     * @return whether {@code host} is {@code localhost}, an IPv4 literal in 127.0.0.0/8 or the IPv6
     *     loopback literal; names are never resolved
     */
    public static boolean isLoopback(String host) {
        if (host.equals("localhost")) {
            return true;
        }
        Matcher m = IPV4.matcher(host);
        if (m.matches()) {
            for (int i = 1; i <= 4; i++) {
                String octet = m.group(i);
                if (Integer.parseInt(octet) > 255 || (octet.length() > 1 && octet.startsWith("0"))) {
                    return false;
                }
            }
            return m.group(1).equals("127");
        }
        if (host.indexOf(':') >= 0 && host.matches("[0-9A-Fa-f:.]+")) {
            try {
                // an IPv6 literal: parsed, never looked up
                return InetAddress.getByName(host).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return false;
    }
}
