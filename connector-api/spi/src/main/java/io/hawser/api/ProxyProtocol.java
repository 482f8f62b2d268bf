package io.hawser.api;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The PROXY protocol (HAProxy's {@code proxy-protocol.txt}, versions 1 and 2) on every listener of
 * a connector ({@link ConnectorConfig.Builder#proxyProtocol}): each connection must begin with a
 * PROXY header, before any TLS record or HTTP byte, and the header's source and destination become
 * the exchange's {@link HttpExchange#remoteAddress()} and {@link HttpExchange#localAddress()}.
 *
 * <p>Only peers in {@link #trustedSources()} may connect: a connection from any other address is
 * closed at accept, with nothing written. A missing or malformed header, or none complete within
 * {@link #headerTimeout()}, closes the connection with no response. A version 2 {@code LOCAL}
 * header, a version 1 {@code UNKNOWN} one, and a version 2 {@code UNSPEC} or {@code AF_UNIX}
 * address keep the socket's own addresses. Version 2 TLVs are skipped.
 */
public final class ProxyProtocol {
    private final List<String> trustedSources;
    private final byte[][] networks;
    private final int[] prefixes;
    private final Duration headerTimeout;

    private ProxyProtocol(List<String> trustedSources, Duration headerTimeout) {
        this.trustedSources = List.copyOf(trustedSources);
        if (this.trustedSources.isEmpty()) {
            throw new IllegalArgumentException("proxyProtocol needs at least one trusted source (CIDR)");
        }
        this.networks = new byte[this.trustedSources.size()][];
        this.prefixes = new int[networks.length];
        for (int i = 0; i < networks.length; i++) {
            String cidr = this.trustedSources.get(i).trim();
            int slash = cidr.indexOf('/');
            InetAddress address = literal(slash < 0 ? cidr : cidr.substring(0, slash));
            networks[i] = address.getAddress();
            int bits = networks[i].length * 8;
            prefixes[i] = slash < 0 ? bits : prefix(cidr.substring(slash + 1), bits, cidr);
        }
        Objects.requireNonNull(headerTimeout, "headerTimeout");
        if (headerTimeout.isNegative() || headerTimeout.isZero()) {
            throw new IllegalArgumentException("proxyProtocol headerTimeout must be positive: " + headerTimeout);
        }
        this.headerTimeout = headerTimeout;
    }

    /**
     * @param trustedSources the peers that may send a PROXY header (the load balancers): CIDR
     *     blocks ({@code 10.0.0.0/8}, {@code fd00::/8}) or single addresses, as literals (no names)
     * @return PROXY protocol from those peers, with the default {@link #headerTimeout()} of 5 s
     * @throws IllegalArgumentException an empty list, a name, or a malformed block
     */
    public static ProxyProtocol trusting(List<String> trustedSources) {
        return new ProxyProtocol(trustedSources, Duration.ofSeconds(5));
    }

    /**
     * @param timeout time from accept to a complete PROXY header, positive
     * @return a copy with that timeout
     */
    public ProxyProtocol withHeaderTimeout(Duration timeout) {
        return new ProxyProtocol(trustedSources, timeout);
    }

    /** @return the trusted peers as given (CIDR blocks or addresses) */
    public List<String> trustedSources() {
        return trustedSources;
    }

    /** @return time from accept to a complete PROXY header; then a quiet close. Default 5 s */
    public Duration headerTimeout() {
        return headerTimeout;
    }

    /**
     * @param peer the socket's remote address
     * @return whether it is in a trusted block (an IPv4-mapped IPv6 peer counts as its IPv4 address)
     */
    public boolean trusts(InetAddress peer) {
        byte[] a = peer.getAddress();
        for (int i = 0; i < networks.length; i++) {
            if (networks[i].length == a.length && matches(networks[i], a, prefixes[i])) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(byte[] network, byte[] a, int bits) {
        int whole = bits / 8;
        for (int i = 0; i < whole; i++) {
            if (network[i] != a[i]) {
                return false;
            }
        }
        int rest = bits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (network[whole] & mask) == (a[whole] & mask);
    }

    private static int prefix(String text, int max, String cidr) {
        try {
            int bits = Integer.parseInt(text);
            if (bits >= 0 && bits <= max) {
                return bits;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("proxyProtocol trusted source has a bad prefix length: " + cidr);
    }

    /** @return the address a literal names, never resolving a name */
    private static InetAddress literal(String text) {
        boolean v6 = text.indexOf(':') >= 0;
        if (text.isEmpty() || !text.chars().allMatch(c -> c == '.' || c == ':' || Character.digit(c, 16) >= 0)
                || !v6 && !text.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
            throw new IllegalArgumentException("proxyProtocol trusted source is not an address literal: " + text);
        }
        try {
            InetAddress a = InetAddress.getByName(text);
            if (!v6 && !(a instanceof Inet4Address && text.chars().filter(c -> c == '.').count() == 3)) {
                throw new UnknownHostException(text);
            }
            return a;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("proxyProtocol trusted source is not an address literal: " + text);
        }
    }

    @Override
    public String toString() {
        return "ProxyProtocol" + trustedSources + " headerTimeout=" + headerTimeout;
    }
}
