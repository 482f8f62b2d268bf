package io.hawser.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.hawser.api.BadMessageException;
import io.hawser.api.ConnectorConfig;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Delivers a request head to a fresh {@link Http1Parser} twice: whole in one call, and one more byte
 * per call (the bytes kept in one array from a non-zero start, as a connection keeps a partial
 * head, with NUL bytes past the limit so a parser reading beyond it would notice). Both deliveries
 * must end the same way: same head length and parsed head, or the same error status.
 */
final class HeadDelivery {
    static final ConnectorConfig STRICT = ConnectorConfig.defaults();
    private static final int START = 5;

    private HeadDelivery() {
    }

    /** What the parser made of a head: everything a caller can see. */
    record Snapshot(String method, String target, int version, List<List<String>> fields, long contentLength,
            boolean chunked, boolean persistent, boolean expectsContinue, boolean unsupportedExpectation,
            int headLength) {
        static Snapshot of(RequestHead head) {
            List<List<String>> fields = new ArrayList<>();
            for (int i = 0; i < head.size(); i++) {
                fields.add(List.of(head.name(i), head.value(i)));
            }
            return new Snapshot(head.method(), head.target(), head.version(), fields, head.contentLength(),
                    head.isChunked(), head.isPersistent(), head.expectsContinue(), head.hasUnsupportedExpectation(),
                    head.headLength());
        }
    }

    /** The end of one delivery: a length and head, a status (length -1), or incomplete (both absent). */
    record Outcome(int length, int status, Snapshot head) {
        static final Outcome INCOMPLETE = new Outcome(-1, 0, null);
    }

    static RequestHead parse(String raw) {
        return parse(STRICT, raw);
    }

    /**
     * @return the head parsed from the whole delivery, after checking the byte-by-byte one agrees
     */
    static RequestHead parse(ConnectorConfig config, String raw) {
        byte[] bytes = latin1(raw);
        RequestHead head = new RequestHead();
        Outcome whole = whole(config, bytes, head);
        Outcome byteByByte = byteByByte(config, bytes);
        if (whole.status() != 0) {
            fail("rejected with %d: %s", whole.status(), printable(raw));
        }
        if (whole == Outcome.INCOMPLETE) {
            fail("head incomplete: %s", printable(raw));
        }
        assertThat(byteByByte).as("byte-by-byte delivery of %s", printable(raw)).isEqualTo(whole);
        return head;
    }

    static void assertRejected(int status, String raw) {
        assertRejected(STRICT, status, raw);
    }

    static void assertRejected(ConnectorConfig config, int status, String raw) {
        byte[] bytes = latin1(raw);
        assertThat(whole(config, bytes, new RequestHead()).status())
                .as("status for whole delivery of %s", printable(raw)).isEqualTo(status);
        assertThat(byteByByte(config, bytes).status())
                .as("status for byte-by-byte delivery of %s", printable(raw)).isEqualTo(status);
    }

    static Outcome whole(ConnectorConfig config, byte[] bytes, RequestHead head) {
        Http1Parser parser = new Http1Parser(config);
        try {
            int n = parser.parse(bytes, 0, bytes.length, head);
            return n < 0 ? Outcome.INCOMPLETE : new Outcome(n, 0, Snapshot.of(head));
        } catch (BadMessageException e) {
            return new Outcome(-1, e.status(), null);
        }
    }

    static Outcome byteByByte(ConnectorConfig config, byte[] bytes) {
        Http1Parser parser = new Http1Parser(config);
        RequestHead head = new RequestHead();
        byte[] buf = new byte[START + bytes.length];
        Arrays.fill(buf, 0, START, (byte) 'Z');
        try {
            for (int k = 1; k <= bytes.length; k++) {
                buf[START + k - 1] = bytes[k - 1];
                int n = parser.parse(buf, START, START + k, head);
                if (n >= 0) {
                    return new Outcome(n, 0, Snapshot.of(head));
                }
            }
            return Outcome.INCOMPLETE;
        } catch (BadMessageException e) {
            return new Outcome(-1, e.status(), null);
        }
    }

    /** {@code GET / HTTP/1.1} with {@code Host: example.com}, then each line, then the empty line. */
    static String get(String... fieldLines) {
        return head("GET / HTTP/1.1", prepend("Host: example.com", fieldLines));
    }

    /** {@code GET / HTTP/1.0} without Host, then each line, then the empty line. */
    static String get10(String... fieldLines) {
        return head("GET / HTTP/1.0", fieldLines);
    }

    /** The request-line and field lines, each ended by CRLF, then the empty line. */
    static String head(String requestLine, String... fieldLines) {
        StringBuilder sb = new StringBuilder(requestLine).append("\r\n");
        for (String line : fieldLines) {
            sb.append(line).append("\r\n");
        }
        return sb.append("\r\n").toString();
    }

    static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static String printable(String raw) {
        String s = raw.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
        return s.length() > 200 ? s.substring(0, 200) + "…(" + s.length() + " chars)" : s;
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
