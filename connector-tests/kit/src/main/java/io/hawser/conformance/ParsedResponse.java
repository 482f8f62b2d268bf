package io.hawser.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One response the server sent, as {@link ResponseReader} split it from the raw bytes. */
public final class ParsedResponse {

    /** How the response's content was delimited. */
    enum Framing {
        /** no content: 1xx, HEAD, 204, 304 */
        NONE,
        /** 101: the connection switched protocols */
        SWITCH,
        /** 2xx to CONNECT: the connection became a tunnel */
        TUNNEL,
        /** Transfer-Encoding ending in chunked */
        CHUNKED,
        /** Content-Length */
        LENGTH,
        /** read until the connection closes */
        CLOSE
    }

    private final String version;
    private final int status;
    private final String reason;
    private final List<Map.Entry<String, String>> headers;
    private byte[] body = new byte[0];
    private Framing framing = Framing.NONE;

    /**
     * @param version {@code HTTP/x.y}
     * @param status the status code
     * @param reason the reason phrase (may be empty)
     * @param headers field lines as (name, value), values trimmed of spaces and tabs, Latin-1 decoded
     */
    ParsedResponse(String version, int status, String reason, List<Map.Entry<String, String>> headers) {
        this.version = version;
        this.status = status;
        this.reason = reason;
        this.headers = List.copyOf(headers);
    }

    /** @return the protocol version, {@code HTTP/x.y} */
    public String version() {
        return version;
    }

    /** @return the status code */
    public int status() {
        return status;
    }

    /** @return the reason phrase */
    public String reason() {
        return reason;
    }

    /** @return the field lines as (name, value) in order */
    public List<Map.Entry<String, String>> headers() {
        return headers;
    }

    /** @return whether this is a 1xx response */
    public boolean interim() {
        return status >= 100 && status < 200;
    }

    /** @return the values of every field named {@code name} (case-insensitive), in order */
    public List<String> headerValues(String name) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> h : headers) {
            if (PyStrings.lower(h.getKey()).equals(PyStrings.lower(name))) {
                out.add(h.getValue());
            }
        }
        return out;
    }

    /** @return the content (decoded from chunked framing) */
    public byte[] body() {
        return body;
    }

    /** @return how the content was delimited */
    Framing framing() {
        return framing;
    }

    void body(byte[] content) {
        this.body = content;
    }

    void framing(Framing f) {
        this.framing = f;
    }

    @Override
    public String toString() {
        return Integer.toString(status);
    }
}
