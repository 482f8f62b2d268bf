package io.hawser.tests.conformance;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How to run the corpus: the server address (loopback only), the default timeout and grace time, the
 * strict mode and the features the server lacks (run-corpus's command-line options).
 *
 * @param host server address: {@code localhost}, an IPv4 address in 127.0.0.0/8 or {@code ::1}
 * @param port server port
 * @param timeoutSeconds seconds to wait for a case's outcome after sending (a case may set its own)
 * @param graceSeconds quiet seconds after the expected responses, to catch extra bytes or a late close
 * @param strict whether {@code prefer-status} / {@code prefer-close} replace the expectations
 * @param skipRequires features the server lacks; cases requiring them are skipped
 */
record RunSettings(String host, int port, double timeoutSeconds, double graceSeconds, boolean strict,
        Set<String> skipRequires) {

    /** run-corpus's default {@code --timeout}. */
    static final double DEFAULT_TIMEOUT_SECONDS = 5.0;
    /** run-corpus's default {@code --grace}. */
    static final double DEFAULT_GRACE_SECONDS = 0.5;

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    /** @throws IllegalArgumentException when the host is not a loopback address or the port is out of range */
    RunSettings {
        if (!isLoopback(host)) {
            throw new IllegalArgumentException(
                    "host must be a loopback address (127.0.0.0/8, ::1 or localhost): " + host);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        skipRequires = Set.copyOf(skipRequires);
    }

    /** @return settings with run-corpus's defaults for the given server */
    static RunSettings of(String host, int port) {
        return new RunSettings(host, port, DEFAULT_TIMEOUT_SECONDS, DEFAULT_GRACE_SECONDS, false, Set.of());
    }

    /**
     * @return whether {@code host} is {@code localhost}, an IPv4 literal in 127.0.0.0/8 or the IPv6
     *     loopback literal; names are never resolved
     */
    static boolean isLoopback(String host) {
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
