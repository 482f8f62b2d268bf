package io.hawser.conformance;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict HTTP/1.x response parser, a port of run-corpus's {@code parse_stream}: splits the bytes a
 * server sent into responses, following Content-Length, chunked and close-delimited framing, no
 * content for HEAD, 204 and 304, 1xx interim responses, and the end of parsing at a 101 or a 2xx to
 * CONNECT. Anything else is reported as an error.
 */
public final class ResponseReader {

    private static final Pattern STATUS_LINE =
            Pattern.compile("HTTP/([0-9])\\.([0-9]) ([0-9]{3})(?: ([^\\r\\n]*))?");
    private static final Pattern FIELD_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern CHUNK_SIZE = Pattern.compile("[0-9A-Fa-f]{1,16}");
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] CRLFCRLF = {'\r', '\n', '\r', '\n'};
    private static final byte[] HTTP_SLASH = "HTTP/".getBytes(StandardCharsets.US_ASCII);

    private ResponseReader() {
    }

    /**
     * @param data every byte the server sent so far
     * @param methods the request methods in order; the last one stands for any further request
     * @param eof whether the server closed the connection (no more bytes will come)
     * @return the responses, and an error or whether more bytes are needed
     */
    public static ParseResult parse(byte[] data, List<String> methods, boolean eof) {
        List<ParsedResponse> responses = new ArrayList<>();
        int pos = 0;
        int finalIndex = 0;
        int n = data.length;
        while (pos < n) {
            int end = indexOf(data, CRLFCRLF, pos);
            if (end < 0) {
                if (eof) {
                    return new ParseResult(responses, "truncated or unparseable bytes after " + responses.size()
                            + " response(s): " + Escapes.show(data, pos, pos + 60), false);
                }
                if (!startsLike(data, pos)) {
                    return new ParseResult(responses, "unparseable bytes after " + responses.size()
                            + " response(s): " + Escapes.show(data, pos, pos + 60), false);
                }
                return new ParseResult(responses, null, true);
            }
            String head = new String(data, pos, end - pos, StandardCharsets.ISO_8859_1);
            String[] lines = head.split("\r\n", -1);
            Matcher m = STATUS_LINE.matcher(lines[0]);
            if (!m.matches()) {
                return new ParseResult(responses, "bad status line after " + responses.size()
                        + " response(s): " + Escapes.show(clip(lines[0], 80)), false);
            }
            String version = "HTTP/" + m.group(1) + "." + m.group(2);
            int status = Integer.parseInt(m.group(3));
            String reason = m.group(4) == null ? "" : m.group(4);
            List<Map.Entry<String, String>> headers = new ArrayList<>();
            for (int i = 1; i < lines.length; i++) {
                String hl = lines[i];
                if (hl.indexOf('\n') >= 0 || hl.indexOf('\r') >= 0) {
                    return error(responses, "bare CR or LF in response header section: ", hl);
                }
                if (hl.startsWith(" ") || hl.startsWith("\t")) {
                    return error(responses, "obs-fold in response header: ", hl);
                }
                int colon = hl.indexOf(':');
                if (colon < 0) {
                    return error(responses, "response header line without colon: ", hl);
                }
                String name = hl.substring(0, colon);
                if (!FIELD_NAME.matcher(name).matches()) {
                    return error(responses, "invalid response header name: ", name);
                }
                headers.add(Map.entry(name, PyStrings.strip(hl.substring(colon + 1), " \t")));
            }
            ParsedResponse resp = new ParsedResponse(version, status, reason, headers);
            int bodyStart = end + 4;
            if (resp.interim()) {
                responses.add(resp);
                pos = bodyStart;
                if (status == 101) {
                    resp.framing(ParsedResponse.Framing.SWITCH);
                    return new ParseResult(responses, null, false);
                }
                continue;
            }
            String method = finalIndex < methods.size() ? methods.get(finalIndex) : methods.get(methods.size() - 1);
            finalIndex++;
            List<String> te = resp.headerValues("Transfer-Encoding");
            List<String> cl = resp.headerValues("Content-Length");
            if (method.equals("HEAD") || status == 204 || status == 304) {
                resp.framing(ParsedResponse.Framing.NONE);
                responses.add(resp);
                pos = bodyStart;
                continue;
            }
            if (method.equals("CONNECT") && status >= 200 && status < 300) {
                resp.framing(ParsedResponse.Framing.TUNNEL);
                responses.add(resp);
                return new ParseResult(responses, null, false);
            }
            if (!te.isEmpty()) {
                List<String> codings = new ArrayList<>();
                for (String c : String.join(",", te).split(",", -1)) {
                    if (!PyStrings.strip(c).isEmpty()) {
                        codings.add(PyStrings.lower(PyStrings.strip(c)));
                    }
                }
                if (!codings.isEmpty() && codings.get(codings.size() - 1).equals("chunked")) {
                    resp.framing(ParsedResponse.Framing.CHUNKED);
                    Object r = parseChunked(data, bodyStart);
                    if (r == null) {
                        if (eof) {
                            return new ParseResult(responses, "truncated chunked response body", false);
                        }
                        return new ParseResult(responses, null, true);
                    }
                    if (r instanceof String err) {
                        return new ParseResult(responses, err, false);
                    }
                    Chunked body = (Chunked) r;
                    resp.body(body.content());
                    responses.add(resp);
                    pos = body.next();
                    continue;
                }
                return closeDelimited(responses, resp, data, bodyStart, eof);
            }
            if (!cl.isEmpty()) {
                Set<String> vals = new LinkedHashSet<>();
                for (String v : String.join(",", cl).split(",", -1)) {
                    vals.add(PyStrings.strip(v));
                }
                String only = vals.iterator().next();
                if (vals.size() != 1 || !only.matches("[0-9]+")) {
                    return new ParseResult(responses, "invalid Content-Length in response: " + cl, false);
                }
                BigInteger length = new BigInteger(only);
                resp.framing(ParsedResponse.Framing.LENGTH);
                if (BigInteger.valueOf(n - bodyStart).compareTo(length) < 0) {
                    if (eof) {
                        return new ParseResult(responses, "response body shorter than its Content-Length ("
                                + (n - bodyStart) + " < " + length + ")", false);
                    }
                    return new ParseResult(responses, null, true);
                }
                int len = length.intValueExact();
                resp.body(slice(data, bodyStart, bodyStart + len));
                responses.add(resp);
                pos = bodyStart + len;
                continue;
            }
            return closeDelimited(responses, resp, data, bodyStart, eof);
        }
        return new ParseResult(responses, null, false);
    }

    /** @return the number of response heads (1xx included) in {@code data} */
    static int countHeads(byte[] data, List<String> methods, boolean eof) {
        return parse(data, methods, eof).responses().size();
    }

    private static ParseResult closeDelimited(List<ParsedResponse> responses, ParsedResponse resp, byte[] data,
            int bodyStart, boolean eof) {
        resp.framing(ParsedResponse.Framing.CLOSE);
        resp.body(slice(data, bodyStart, data.length));
        responses.add(resp);
        return new ParseResult(responses, null, !eof);
    }

    /** A decoded chunked body and the position after its trailer section. */
    private record Chunked(byte[] content, int next) {
    }

    /** @return a {@link Chunked}, null when more bytes are needed, or an error string */
    private static Object parseChunked(byte[] data, int start) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int n = data.length;
        int pos = start;
        while (true) {
            int eol = indexOf(data, CRLF, pos);
            if (eol < 0) {
                return null;
            }
            String line = new String(data, pos, eol - pos, StandardCharsets.ISO_8859_1);
            String sizeText = PyStrings.strip(PyStrings.partition(line, ";")[0], " \t");
            if (!CHUNK_SIZE.matcher(sizeText).matches()) {
                return "bad chunk size line in response: " + Escapes.show(clip(line, 60));
            }
            long size = Long.parseUnsignedLong(sizeText, 16);
            pos = eol + 2;
            if (size == 0) {
                break;
            }
            if (Long.compareUnsigned(size, n) > 0 || n < pos + size + 2) {
                return null;
            }
            int sz = (int) size;
            body.write(data, pos, sz);
            if (data[pos + sz] != '\r' || data[pos + sz + 1] != '\n') {
                return "chunk data not followed by CRLF in response";
            }
            pos += sz + 2;
        }
        while (true) {
            int eol = indexOf(data, CRLF, pos);
            if (eol < 0) {
                return null;
            }
            String line = new String(data, pos, eol - pos, StandardCharsets.ISO_8859_1);
            pos = eol + 2;
            if (line.isEmpty()) {
                break;
            }
            if (line.indexOf(':') < 0) {
                return "bad trailer line in response: " + Escapes.show(clip(line, 60));
            }
        }
        return new Chunked(body.toByteArray(), pos);
    }

    private static ParseResult error(List<ParsedResponse> responses, String what, String text) {
        return new ParseResult(responses, what + Escapes.show(clip(text, 80)), false);
    }

    /** Whether the bytes from {@code pos} could still begin a status line ({@code HTTP/}). */
    private static boolean startsLike(byte[] data, int pos) {
        int k = Math.min(HTTP_SLASH.length, data.length - pos);
        for (int i = 0; i < k; i++) {
            if (data[pos + i] != HTTP_SLASH[i]) {
                return false;
            }
        }
        return true;
    }

    /** @return the first index of {@code pattern} in {@code data} at or after {@code from}, or -1 */
    static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = Math.max(0, from); i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static byte[] slice(byte[] data, int from, int to) {
        byte[] out = new byte[to - from];
        System.arraycopy(data, from, out, 0, out.length);
        return out;
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
