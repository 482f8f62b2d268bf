package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * PROXY protocol headers byte for byte (HAProxy's proxy-protocol.txt §2.1, §2.2), fed the way
 * {@link ProxyHeaderReader} feeds them: only as many bytes as {@link ProxyHeader#missing} allows,
 * so the bytes after the header (here "GET") are never taken.
 */
class ProxyHeaderTest {
    private static final byte[] AFTER = "GET / HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII);

    /** Reads {@code header + AFTER} as the reader does, in steps of at most {@code step} bytes. @return the parsed addresses */
    private static ProxyHeader.Addresses feed(byte[] header, int step) throws ProxyHeader.Malformed {
        return feed(header, step, true);
    }

    /**
     * @param exact whether reading past the header fails the test (a malformed header may be
     *     overread: the connection closes anyway)
     */
    private static ProxyHeader.Addresses feed(byte[] header, int step, boolean exact) throws ProxyHeader.Malformed {
        byte[] wire = new byte[header.length + AFTER.length];
        System.arraycopy(header, 0, wire, 0, header.length);
        System.arraycopy(AFTER, 0, wire, header.length, AFTER.length);
        byte[] head = new byte[ProxyHeader.V2_FIXED + ProxyHeader.V2_LONGEST_ADDRESSES];
        int kept = 0;
        int consumed = 0;
        while (true) {
            int missing = ProxyHeader.missing(head, kept);
            int skip = missing - Math.min(missing, head.length - kept) - (consumed - kept);
            if (Math.min(missing, head.length - kept) == 0 && skip <= 0) {
                if (exact) {
                    assertThat(consumed).as("bytes taken").isEqualTo(header.length);
                }
                return ProxyHeader.parse(head, kept);
            }
            int n = Math.min(step, Math.min(missing, head.length - kept) > 0 ? Math.min(missing, head.length - kept) : skip);
            n = Math.min(n, wire.length - consumed);
            if (n <= 0) {
                throw new AssertionError("the header never completes");
            }
            if (kept < head.length) {
                System.arraycopy(wire, consumed, head, kept, n);
                kept += n;
            }
            consumed += n;
            if (exact && consumed > header.length) {
                throw new AssertionError("read past the header: " + consumed + " > " + header.length);
            }
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    private static final String SIG = "0d0a0d0a000d0a515549540a";

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 1000})
    void v1Tcp4(int step) throws Exception {
        ProxyHeader.Addresses a = feed(ascii("PROXY TCP4 192.168.0.1 10.0.0.2 56324 443\r\n"), step);
        assertThat(a.source()).isEqualTo(new InetSocketAddress("192.168.0.1", 56324));
        assertThat(a.destination()).isEqualTo(new InetSocketAddress("10.0.0.2", 443));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 1000})
    void v1Tcp6(int step) throws Exception {
        ProxyHeader.Addresses a = feed(ascii("PROXY TCP6 2001:db8::1 ::1 1 65535\r\n"), step);
        assertThat(a.source()).isEqualTo(new InetSocketAddress("2001:db8::1", 1));
        assertThat(a.destination()).isEqualTo(new InetSocketAddress("::1", 65535));
    }

    @Test
    void shortestV1HeadersAreNotOverread() throws Exception {
        assertThat(feed(ascii("PROXY UNKNOWN\r\n"), 1000)).isNull();
        assertThat(feed(ascii("PROXY UNKNOWN ffff::1 ffff::2 1 2\r\n"), 1000)).isNull();
        assertThat(feed(ascii("PROXY TCP4 1.1.1.1 2.2.2.2 1 2\r\n"), 1000).source())
                .isEqualTo(new InetSocketAddress("1.1.1.1", 1));
        assertThat(feed(ascii("PROXY TCP6 :: :: 1 2\r\n"), 1000).destination())
                .isEqualTo(new InetSocketAddress("::", 2));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 1000})
    void v2Ipv4(int step) throws Exception {
        // PROXY, INET/STREAM, 12 bytes: 192.0.2.1:1234 -> 198.51.100.7:8443
        ProxyHeader.Addresses a = feed(hex(SIG + "21 11 000c c0000201 c6336407 04d2 20fb"), step);
        assertThat(a.source()).isEqualTo(new InetSocketAddress("192.0.2.1", 1234));
        assertThat(a.destination()).isEqualTo(new InetSocketAddress("198.51.100.7", 8443));
    }

    @Test
    void v2Ipv6() throws Exception {
        ProxyHeader.Addresses a = feed(hex(SIG + "21 21 0024"
                + "20010db8000000000000000000000001" + "00000000000000000000000000000001" + "c350 0050"), 1000);
        assertThat(a.source()).isEqualTo(new InetSocketAddress("2001:db8::1", 50000));
        assertThat(a.destination()).isEqualTo(new InetSocketAddress("::1", 80));
    }

    @Test
    void v2TlvsAreSkippedEvenBeyondWhatIsKept() throws Exception {
        ByteArrayOutputStream tlvs = new ByteArrayOutputStream();
        tlvs.writeBytes(hex("01 0002 6832")); // PP2_TYPE_ALPN "h2"
        tlvs.writeBytes(hex("04 0190")); // PP2_TYPE_NOOP, 400 bytes
        tlvs.writeBytes(new byte[400]);
        int len = 12 + tlvs.size();
        byte[] header = new ByteArrayOutputStream() {
            {
                writeBytes(hex(SIG + "21 11" + String.format("%04x", len) + "7f000001 7f000002 0001 0002"));
                writeBytes(tlvs.toByteArray());
            }
        }.toByteArray();
        assertThat(header.length).isGreaterThan(ProxyHeader.V2_FIXED + ProxyHeader.V2_LONGEST_ADDRESSES);
        ProxyHeader.Addresses a = feed(header, 1000);
        assertThat(a.source()).isEqualTo(new InetSocketAddress("127.0.0.1", 1));
        assertThat(feed(header, 3).destination()).isEqualTo(new InetSocketAddress("127.0.0.2", 2));
    }

    @Test
    void v2LocalUnspecAndUnixKeepTheSocketsAddresses() throws Exception {
        assertThat(feed(hex(SIG + "20 00 0000"), 1000)).isNull(); // LOCAL, UNSPEC: a health check
        assertThat(feed(hex(SIG + "20 11 000c c0000201 c6336407 04d2 20fb"), 1000)).isNull(); // LOCAL with addresses
        assertThat(feed(hex(SIG + "21 00 0003 010203"), 1000)).isNull(); // PROXY UNSPEC, TLVs skipped
        assertThat(feed(hex(SIG + "21 31 00d8" + "00".repeat(216)), 1000)).isNull(); // AF_UNIX
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "GET / HTTP/1.1\r\n",            // no header at all
        "PROXY TCP4 1.2.3.4 5.6.7.8 1\r\n", // a field missing
        "PROXY TCP5 1.2.3.4 5.6.7.8 1 2\r\n",
        "PROXY TCP4 1.2.3.256 5.6.7.8 1 2\r\n",
        "PROXY TCP4 1.2.3 5.6.7.8 11 22\r\n",
        "PROXY TCP4 ::1 5.6.7.8 1111 2222\r\n", // an IPv6 address for TCP4
        "PROXY TCP6 1.2.3.4 ::1 1111 2222\r\n", // an IPv4 address for TCP6
        "PROXY TCP6 example.com ::1 1 2\r\n",   // a name, never looked up
        "PROXY TCP4 1.2.3.4 5.6.7.8 65536 2\r\n",
        "PROXY TCP4 1.2.3.4 5.6.7.8 01 2\r\n",
        "PROXY TCP4 1.2.3.4 5.6.7.8 1 2\n",  // LF alone
        "PROXY TCP4 1.2.3.4  5.6.7.8 1 2\r\n", // two spaces
        "proxy TCP4 1.2.3.4 5.6.7.8 1 2\r\n",
    })
    void malformedV1(String header) {
        assertThatThrownBy(() -> feed(ascii(header), 1000, false)).isInstanceOf(ProxyHeader.Malformed.class);
    }

    @Test
    void v1LongerThan107BytesIsMalformed() {
        String longLine = "PROXY UNKNOWN " + "x".repeat(100) + "\r\n";
        assertThatThrownBy(() -> feed(ascii(longLine), 1000)).isInstanceOf(ProxyHeader.Malformed.class)
                .hasMessageContaining("107");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "0d0a0d0a000d0a515549540b 21 11 000c c0000201 c6336407 04d2 20fb", // signature's last byte wrong
        SIG + "11 11 000c c0000201 c6336407 04d2 20fb", // version 1 in the binary form
        SIG + "22 11 000c c0000201 c6336407 04d2 20fb", // command 2
        SIG + "21 41 000c c0000201 c6336407 04d2 20fb", // family 4
        SIG + "21 12 000c c0000201 c6336407 04d2 20fb", // DGRAM on a stream listener
        SIG + "21 11 000b c0000201 c6336407 04d2 20",   // address block too short
        SIG + "21 21 000c c0000201 c6336407 04d2 20fb", // INET6 with an INET-sized block
    })
    void malformedV2(String header) {
        assertThatThrownBy(() -> feed(hex(header), 1000, false)).isInstanceOf(ProxyHeader.Malformed.class);
    }
}
