package io.hawser.http1;

import io.hawser.api.HttpFields;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A parsed request head (RFC 9112 §2.1): the request-line, the field section, and what the
 * connector derives from them (message body length per §6.3, persistence per §9.3, expectation per
 * RFC 9110 §10.1.1).
 *
 * <p>Field lines are kept as offsets into a copy of the head's bytes; names and values become
 * strings only when asked for (then cached). The instance is reused for every request on a
 * connection: values are valid until the exchange that owns them ends.
 */
public final class RequestHead implements HttpFields {
    /** HTTP/1.0 as a version number (major * 10 + minor). */
    public static final int HTTP_1_0 = 10;
    /** HTTP/1.1 as a version number. */
    public static final int HTTP_1_1 = 11;

    private byte[] bytes = new byte[256];
    private int length;
    private int[] offsets = new int[4 * 16];
    private String[] names = new String[16];
    private String[] values = new String[16];
    private int count;

    String method;
    String target;
    /** The previous request's target, kept across {@link #reset()}: a repeated target reuses it. */
    String previousTarget;
    int version;
    /** Content-Length in bytes, or -1 when absent. */
    long contentLength = -1;
    boolean chunked;
    boolean connectionClose;
    boolean connectionKeepAlive;
    boolean expectContinue;
    boolean expectUnsupported;

    /** Empties the head for the next request, keeping its arrays. */
    public void reset() {
        Arrays.fill(names, 0, count, null);
        Arrays.fill(values, 0, count, null);
        count = 0;
        length = 0;
        method = null;
        target = null;
        version = 0;
        contentLength = -1;
        chunked = false;
        connectionClose = false;
        connectionKeepAlive = false;
        expectContinue = false;
        expectUnsupported = false;
    }

    void addField(int nameStart, int nameEnd, int valueStart, int valueEnd) {
        if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
            values = Arrays.copyOf(values, count * 2);
            offsets = Arrays.copyOf(offsets, count * 8);
        }
        int o = count * 4;
        offsets[o] = nameStart;
        offsets[o + 1] = nameEnd;
        offsets[o + 2] = valueStart;
        offsets[o + 3] = valueEnd;
        count++;
    }

    /** Copies the head's bytes (offsets are relative to {@code start}) so the source may be reused. */
    void capture(byte[] src, int start, int len) {
        if (bytes.length < len) {
            bytes = new byte[Math.max(len, bytes.length * 2)];
        }
        System.arraycopy(src, start, bytes, 0, len);
        length = len;
    }

    /** @return whether {@code buf[start..end)} spells {@link #previousTarget} */
    boolean sameTarget(byte[] buf, int start, int end) {
        String p = previousTarget;
        if (p == null || p.length() != end - start) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if ((buf[i] & 0xFF) != p.charAt(i - start)) {
                return false;
            }
        }
        return true;
    }

    /** @return the method token */
    public String method() {
        return method;
    }

    /** @return the request-target as received */
    public String target() {
        return target;
    }

    /** @return {@link #HTTP_1_0} or {@link #HTTP_1_1} */
    public int version() {
        return version;
    }

    /** @return {@code HTTP/1.0} or {@code HTTP/1.1} */
    public String protocol() {
        return version == HTTP_1_0 ? "HTTP/1.0" : "HTTP/1.1";
    }

    /** @return the Content-Length in bytes, -1 when absent */
    public long contentLength() {
        return contentLength;
    }

    /** @return whether the body is chunked (RFC 9112 §7.1) */
    public boolean isChunked() {
        return chunked;
    }

    /** @return whether the request asks to persist the connection (RFC 9112 §9.3) */
    public boolean isPersistent() {
        return version == HTTP_1_1 ? !connectionClose : connectionKeepAlive && !connectionClose;
    }

    /** @return whether the request carries {@code Expect: 100-continue} (HTTP/1.1 only) */
    public boolean expectsContinue() {
        return expectContinue && version == HTTP_1_1;
    }

    /** @return whether the request carries an expectation other than 100-continue (→ 417) */
    public boolean hasUnsupportedExpectation() {
        return expectUnsupported;
    }

    /** @return the head's size in bytes */
    public int headLength() {
        return length;
    }

    @Override
    public int size() {
        return count;
    }

    @Override
    public String name(int index) {
        checkIndex(index);
        String n = names[index];
        if (n == null) {
            int o = index * 4;
            n = FieldNames.lookup(bytes, offsets[o], offsets[o + 1]);
            names[index] = n;
        }
        return n;
    }

    @Override
    public String value(int index) {
        checkIndex(index);
        String v = values[index];
        if (v == null) {
            int o = index * 4;
            v = new String(bytes, offsets[o + 2], offsets[o + 3] - offsets[o + 2], StandardCharsets.ISO_8859_1);
            values[index] = v;
        }
        return v;
    }

    @Override
    public String get(String name) {
        int i = indexOf(name, 0);
        return i < 0 ? null : value(i);
    }

    @Override
    public boolean contains(String name) {
        return indexOf(name, 0) >= 0;
    }

    private int indexOf(String name, int from) {
        int len = name.length();
        for (int i = from; i < count; i++) {
            int o = i * 4;
            int start = offsets[o];
            if (offsets[o + 1] - start == len && Ascii.equalsIgnoreCase(bytes, start, name)) {
                return i;
            }
        }
        return -1;
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException(index);
        }
    }
}
