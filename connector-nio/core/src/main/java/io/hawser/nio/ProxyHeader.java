package io.hawser.nio;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;

/**
 * The PROXY protocol header (HAProxy's {@code proxy-protocol.txt}): version 1 (text, §2.1) and
 * version 2 (binary, §2.2), as pure functions over the bytes received so far. {@link #missing}
 * says how many more bytes may be read without reading past the header, so the bytes after it
 * (a TLS ClientHello, an HTTP request) stay in the socket for the next layer; {@link #parse} turns
 * a complete header into the original addresses.
 */
final class ProxyHeader {
    /** The version 2 signature (§2.2): {@code \r\n\r\n\0\r\nQUIT\n}. */
    static final byte[] V2_SIGNATURE = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};
    private static final byte[] V1_PREFIX = "PROXY ".getBytes(StandardCharsets.US_ASCII);
    /** A version 1 header's most bytes, CRLF included (§2.1). */
    static final int V1_MAX = 107;
    /** The shortest header of either version ({@code PROXY UNKNOWN\r\n}). */
    private static final int SHORTEST = 15;
    /** A version 2 header's fixed part: signature, version and command, family, length. */
    static final int V2_FIXED = 16;
    /** The version 2 address block of {@code AF_UNIX}, the longest (§2.2). */
    static final int V2_LONGEST_ADDRESSES = 216;

    /** A header that is not one (wrong signature, bad syntax, an unsupported field). */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The header's addresses.
     *
     * @param source the original client ({@code HttpExchange.remoteAddress()})
     * @param destination the address the client connected to ({@code HttpExchange.localAddress()})
     */
    record Addresses(InetSocketAddress source, InetSocketAddress destination) {
    }

    private ProxyHeader() {
    }

    /**
     * @param b the first {@code n} bytes of the connection
     * @return how many more bytes belong to the header for certain: 0 when it is complete (the
     *     version 2 total may exceed what a caller keeps: its TLVs, to be skipped)
     * @throws Malformed the bytes cannot begin a PROXY header
     */
    static int missing(byte[] b, int n) throws Malformed {
        if (n == 0) {
            return SHORTEST;
        }
        if (b[0] == V2_SIGNATURE[0]) {
            for (int i = 0; i < Math.min(n, V2_SIGNATURE.length); i++) {
                if (b[i] != V2_SIGNATURE[i]) {
                    throw new Malformed("not a PROXY protocol v2 signature");
                }
            }
            if (n < V2_FIXED) {
                return V2_FIXED - n;
            }
            if ((b[12] & 0xf0) != 0x20) {
                throw new Malformed("PROXY protocol v2 with version " + ((b[12] & 0xf0) >> 4));
            }
            return Math.max(0, V2_FIXED + v2Length(b) - n);
        }
        for (int i = 0; i < Math.min(n, V1_PREFIX.length); i++) {
            if (b[i] != V1_PREFIX[i]) {
                throw new Malformed("neither a PROXY protocol v1 nor a v2 header");
            }
        }
        for (int i = 0; i < n; i++) {
            if (b[i] == '\r') {
                if (i == n - 1) {
                    return 1;
                }
                if (b[i + 1] != '\n' || i + 2 != n) {
                    throw new Malformed("PROXY protocol v1 line not ended by CRLF");
                }
                return 0;
            }
            if (b[i] < 0x20 || b[i] > 0x7e) {
                throw new Malformed("PROXY protocol v1 with a control or non-ASCII byte");
            }
        }
        if (n >= V1_MAX) {
            throw new Malformed("PROXY protocol v1 line longer than " + V1_MAX + " bytes");
        }
        int shortest = startsWith(b, n, "PROXY TCP4 ") ? 32 : startsWith(b, n, "PROXY TCP6 ") ? 22 : SHORTEST;
        return Math.min(V1_MAX - n, Math.max(2, shortest - n));
    }

    /**
     * @param b a complete header's first {@code n} bytes: all of a version 1 header, or at least
     *     the fixed part and the address block of a version 2 one (its TLVs need not be there)
     * @return the original addresses, or {@code null} to keep the socket's own (v1 {@code UNKNOWN};
     *     v2 {@code LOCAL}, {@code UNSPEC} or {@code AF_UNIX})
     * @throws Malformed a header that breaks the specification, or a datagram one
     */
    static Addresses parse(byte[] b, int n) throws Malformed {
        return b[0] == V2_SIGNATURE[0] ? parseV2(b, n) : parseV1(new String(b, 0, n - 2, StandardCharsets.US_ASCII));
    }

    private static int v2Length(byte[] b) {
        return (b[14] & 0xff) << 8 | b[15] & 0xff;
    }

    private static Addresses parseV2(byte[] b, int n) throws Malformed {
        int command = b[12] & 0x0f;
        int family = (b[13] & 0xf0) >> 4;
        int transport = b[13] & 0x0f;
        int length = v2Length(b);
        if (command > 1 || family > 3 || transport > 2) {
            throw new Malformed("PROXY protocol v2 with command " + command + ", family " + family
                    + ", transport " + transport);
        }
        if (command == 0 || family == 0 || family == 3) {
            return null; // LOCAL (a health check of the proxy itself), UNSPEC, AF_UNIX: the socket's own addresses
        }
        if (transport != 1) {
            throw new Malformed("PROXY protocol v2 for a datagram or unspecified transport on a stream listener");
        }
        int size = family == 1 ? 4 : 16;
        if (length < 2 * size + 4 || n < V2_FIXED + 2 * size + 4) {
            throw new Malformed("PROXY protocol v2 address block shorter than its family's");
        }
        int at = V2_FIXED;
        InetAddress source = address(b, at, size);
        InetAddress destination = address(b, at + size, size);
        int sourcePort = (b[at + 2 * size] & 0xff) << 8 | b[at + 2 * size + 1] & 0xff;
        int destinationPort = (b[at + 2 * size + 2] & 0xff) << 8 | b[at + 2 * size + 3] & 0xff;
        return new Addresses(new InetSocketAddress(source, sourcePort), new InetSocketAddress(destination, destinationPort));
    }

    private static InetAddress address(byte[] b, int at, int size) {
        byte[] raw = java.util.Arrays.copyOfRange(b, at, at + size);
        try {
            return InetAddress.getByAddress(raw); // 4 or 16 bytes: never a lookup
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static Addresses parseV1(String line) throws Malformed {
        String[] f = line.split(" ", -1);
        if (f.length >= 2 && "UNKNOWN".equals(f[1])) {
            return null; // §2.1: the rest of the line is ignored, the socket's addresses are kept
        }
        if (f.length != 6 || !("TCP4".equals(f[1]) || "TCP6".equals(f[1]))) {
            throw new Malformed("PROXY protocol v1 needs PROXY TCP4|TCP6 SRC DST SPORT DPORT, or UNKNOWN");
        }
        boolean v4 = "TCP4".equals(f[1]);
        InetAddress source = v1Address(f[2], v4);
        InetAddress destination = v1Address(f[3], v4);
        return new Addresses(new InetSocketAddress(source, port(f[4])), new InetSocketAddress(destination, port(f[5])));
    }

    private static InetAddress v1Address(String text, boolean v4) throws Malformed {
        if (v4) {
            String[] octets = text.split("\\.", -1);
            if (octets.length != 4) {
                throw new Malformed("PROXY protocol v1 TCP4 address is not dotted-quad: " + text);
            }
            byte[] raw = new byte[4];
            for (int i = 0; i < 4; i++) {
                raw[i] = (byte) decimal(octets[i], 3, 255, "TCP4 address");
            }
            try {
                return InetAddress.getByAddress(raw);
            } catch (UnknownHostException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        if (text.isEmpty() || text.indexOf(':') < 0
                || !text.chars().allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0)) {
            throw new Malformed("PROXY protocol v1 TCP6 address is not an IPv6 literal: " + text);
        }
        try {
            InetAddress a = InetAddress.getByName(text); // a checked literal: no lookup
            if (!(a instanceof Inet6Address) && !(a instanceof Inet4Address)) {
                throw new Malformed("PROXY protocol v1 TCP6 address: " + text);
            }
            return a;
        } catch (UnknownHostException e) {
            throw new Malformed("PROXY protocol v1 TCP6 address is not an IPv6 literal: " + text);
        }
    }

    private static int port(String text) throws Malformed {
        return decimal(text, 5, 65535, "port");
    }

    private static int decimal(String text, int maxDigits, int max, String what) throws Malformed {
        if (text.isEmpty() || text.length() > maxDigits || text.length() > 1 && text.charAt(0) == '0') {
            throw new Malformed("PROXY protocol v1 " + what + " is not a decimal number: " + text);
        }
        int v = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new Malformed("PROXY protocol v1 " + what + " is not a decimal number: " + text);
            }
            v = v * 10 + c - '0';
        }
        if (v > max) {
            throw new Malformed("PROXY protocol v1 " + what + " out of range: " + text);
        }
        return v;
    }

    private static boolean startsWith(byte[] b, int n, String prefix) {
        if (n < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (b[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
