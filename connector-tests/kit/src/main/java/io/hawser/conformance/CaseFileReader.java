package io.hawser.conformance;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses a {@code .http} case file as run-corpus does: the header block up to the {@code ---} line,
 * then the escaped request bytes with the directives {@code @pause}, {@code @wait-response},
 * {@code @repeat} and {@code @half-close}. Literal line breaks are not sent, trailing spaces and tabs
 * are dropped, empty lines are ignored.
 */
final class CaseFileReader {

    /** Header keys a case may use. */
    static final Set<String> KNOWN_KEYS = Set.of(
            "expect-status", "expect-responses", "expect-close", "expect-interim", "expect-echo",
            "expect-header", "expect-header-if-present", "expect-no-header", "expect-body",
            "request-methods", "split", "split-delay-ms", "timeout", "timeout-from", "requires", "prefer-status",
            "prefer-close", "rfc", "note", "title");

    /** Keys that take a {@code .N} suffix naming one response. */
    static final Set<String> SUFFIXABLE = Set.of(
            "expect-echo", "expect-header", "expect-header-if-present", "expect-no-header", "expect-body");

    static final long DEFAULT_PAUSE_MS = 300;
    static final long DEFAULT_WAIT_RESPONSE_MS = 2000;

    private static final Pattern STATUS_ALT = Pattern.compile("\\d{3}|\\dxx|any");

    private CaseFileReader() {
    }

    /**
     * @param id the case id ({@code group/name})
     * @param file the file's bytes
     * @return the parsed case
     * @throws CaseFormatException when the file is not valid UTF-8 or not a valid case
     */
    static CaseFile read(String id, byte[] file) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(file)).toString();
        } catch (CharacterCodingException e) {
            throw new CaseFormatException("not UTF-8: " + e);
        }
        return parse(id, text);
    }

    /**
     * @param id the case id ({@code group/name})
     * @param text the file's text
     * @return the parsed case
     * @throws CaseFormatException when the text is not a valid case
     */
    static CaseFile parse(String id, String text) {
        try {
            return parseText(id, text);
        } catch (NumberFormatException e) {
            throw new CaseFormatException(e.getMessage());
        }
    }

    private static CaseFile parseText(String id, String text) {
        // Python reads text files with universal newlines: \r\n and a lone \r both end a line.
        String[] lines = text.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1);
        int sep = -1;
        for (int i = 0; i < lines.length; i++) {
            if (PyStrings.rstrip(lines[i], "\r").equals("---")) {
                sep = i;
                break;
            }
        }
        if (sep < 0) {
            throw new CaseFormatException("no '---' line separating the header block from the request bytes");
        }
        List<String> description = new ArrayList<>();
        Map<String, List<String>> meta = new LinkedHashMap<>();
        for (int i = 0; i < sep; i++) {
            String line = PyStrings.rstrip(PyStrings.rstrip(lines[i], "\r"));
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                description.add(PyStrings.strip(line.substring(1)));
                continue;
            }
            if (!line.contains(":")) {
                throw new CaseFormatException("header line without ':' : '" + line + "'");
            }
            String[] kv = PyStrings.partition(line, ":");
            String key = PyStrings.lower(PyStrings.strip(kv[0]));
            String base = PyStrings.partition(key, ".")[0];
            if (!KNOWN_KEYS.contains(base)) {
                throw new CaseFormatException("unknown key '" + key + "'");
            }
            if (key.contains(".")) {
                if (!SUFFIXABLE.contains(base)) {
                    throw new CaseFormatException("key '" + key + "' takes no .N suffix");
                }
                if (!PyStrings.isDigits(key.substring(base.length() + 1))) {
                    // run-corpus only notices this while checking (and stops there)
                    throw new CaseFormatException("bad index in '" + key + "'");
                }
            }
            meta.computeIfAbsent(key, k -> new ArrayList<>()).add(PyStrings.strip(kv[1]));
        }

        List<Segment> segments = new ArrayList<>();
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        boolean halfClose = false;
        for (int i = sep + 1; i < lines.length; i++) {
            String line = PyStrings.rstrip(PyStrings.rstrip(lines[i], "\r"), " \t");
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("@")) {
                List<String> parts = PyStrings.splitWhitespace(line, 2);
                String d = parts.get(0);
                switch (d) {
                    case "@pause", "@wait-response" -> {
                        boolean pause = d.equals("@pause");
                        long ms = parts.size() > 1 ? PyStrings.parseInt(parts.get(1))
                                : pause ? DEFAULT_PAUSE_MS : DEFAULT_WAIT_RESPONSE_MS;
                        segments.add(new Segment(data.toByteArray(), new Segment.Action(
                                pause ? Segment.Kind.PAUSE : Segment.Kind.WAIT_RESPONSE, ms)));
                        data = new ByteArrayOutputStream();
                    }
                    case "@repeat" -> {
                        if (parts.size() < 3) {
                            throw new CaseFormatException("@repeat needs a count and a text");
                        }
                        long count = PyStrings.parseInt(parts.get(1));
                        String template = parts.get(2);
                        if (template.contains("{i}")) {
                            for (long k = 0; k < count; k++) {
                                data.writeBytes(Escapes.unescape(template.replace("{i}", Long.toString(k)), "@repeat"));
                            }
                        } else {
                            byte[] once = Escapes.unescape(template, "@repeat");
                            for (long k = 0; k < count; k++) {
                                data.writeBytes(once);
                            }
                        }
                    }
                    case "@half-close" -> halfClose = true;
                    default -> throw new CaseFormatException("unknown directive '" + d + "'");
                }
                continue;
            }
            if (halfClose) {
                throw new CaseFormatException("data after @half-close");
            }
            data.writeBytes(Escapes.unescape(line, "data"));
        }
        segments.add(new Segment(data.toByteArray(), Segment.Action.NONE));
        CaseFile c = new CaseFile(id, description, meta, segments, halfClose);
        validate(c);
        return c;
    }

    private static void validate(CaseFile c) {
        for (String key : List.of("expect-close", "prefer-close")) {
            for (String v : c.meta().getOrDefault(key, List.of())) {
                if (!v.equals("yes") && !v.equals("no") && !v.equals("any")) {
                    throw new CaseFormatException(key + " must be yes|no|any, not '" + v + "'");
                }
            }
        }
        for (String key : List.of("expect-status", "prefer-status")) {
            for (String v : c.meta().getOrDefault(key, List.of())) {
                for (String item : v.split(",", -1)) {
                    for (String alt : PyStrings.strip(item).split("\\|", -1)) {
                        if (!STATUS_ALT.matcher(PyStrings.strip(alt)).matches()) {
                            throw new CaseFormatException("bad status pattern '" + alt + "'");
                        }
                    }
                }
            }
        }
        c.splitMode();
        c.responseCounts();
        c.interimCounts();
    }
}
