package io.hawser.conformance;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code expect-echo} checks: parses the {@code /echo} endpoint's output ({@code method:},
 * {@code target:}, {@code protocol:}, {@code header:}, {@code body-length:}, {@code body-sha256:}
 * lines) and compares it with a {@code ;}-separated spec, as run-corpus's {@code check_echo}.
 */
final class EchoCheck {

    private static final String KEYS =
            "(?:method|target|protocol|body-length|body-sha256|body|header~|header|no-header|header-count)";
    private static final Pattern SPLIT = Pattern.compile(
            PyStrings.WS_CLASS + "*;" + PyStrings.WS_CLASS + "*(?=" + KEYS + PyStrings.WS_CLASS + "*=)");

    private EchoCheck() {
    }

    /** The parsed echo output: single-valued lines by key, and the echoed header lines in order. */
    record EchoOutput(Map<String, String> values, List<Map.Entry<String, String>> headers) {

        /** @return values of the echoed headers named {@code name} (case-insensitive) */
        List<String> header(String name) {
            List<String> out = new ArrayList<>();
            for (Map.Entry<String, String> h : headers) {
                if (PyStrings.lower(h.getKey()).equals(PyStrings.lower(name))) {
                    out.add(h.getValue());
                }
            }
            return out;
        }
    }

    /** @return the echo output in {@code body} (UTF-8, malformed bytes replaced) */
    static EchoOutput parse(byte[] body) {
        Map<String, String> values = new HashMap<>();
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (String raw : new String(body, StandardCharsets.UTF_8).split("\n", -1)) {
            String line = PyStrings.rstrip(raw, "\r");
            if (line.isEmpty() || (!line.contains(": ") && !line.endsWith(":"))) {
                continue;
            }
            String[] kv = PyStrings.partition(line, ":");
            String key = kv[0];
            String value = kv[1].startsWith(" ") ? kv[1].substring(1) : kv[1];
            if (key.equals("header")) {
                String[] hv = PyStrings.partition(value, ":");
                headers.add(new AbstractMap.SimpleImmutableEntry<>(PyStrings.strip(hv[0]),
                        PyStrings.strip(hv[1], " \t")));
            } else {
                values.put(PyStrings.strip(key), PyStrings.strip(value));
            }
        }
        return new EchoOutput(values, headers);
    }

    /**
     * @param spec the {@code expect-echo} value
     * @param body the response content
     * @return the failures, empty when every check holds
     * @throws CaseFormatException when a {@code body=} value has a bad escape
     */
    static List<String> check(String spec, byte[] body) {
        List<String> fails = new ArrayList<>();
        EchoOutput info = parse(body);
        if (!info.values().containsKey("method")) {
            return List.of("response is not echo output: " + Escapes.show(body, 80));
        }
        for (String rawItem : SPLIT.split(PyStrings.strip(spec), -1)) {
            String item = PyStrings.strip(rawItem);
            if (item.isEmpty()) {
                continue;
            }
            String[] kv = PyStrings.partition(item, "=");
            String key = PyStrings.strip(kv[0]);
            String val = PyStrings.strip(kv[1]);
            switch (key) {
                case "method", "target", "protocol", "body-length", "body-sha256" -> {
                    String got = info.values().get(key);
                    if (!val.equals(got)) {
                        fails.add("echo " + key + " is " + quote(got) + ", expected " + quote(val));
                    }
                }
                case "body" -> {
                    byte[] want = Escapes.unescape(val, "expect-echo body");
                    String sha = sha256(want);
                    String gotLength = info.values().get("body-length");
                    String gotSha = info.values().get("body-sha256");
                    if (!String.valueOf(want.length).equals(gotLength) || !sha.equals(gotSha)) {
                        fails.add("echo body-length " + gotLength + " (sha "
                                + (gotSha == null ? "" : gotSha.substring(0, Math.min(12, gotSha.length())))
                                + "...), expected " + want.length + " bytes " + Escapes.show(want, 40));
                    }
                }
                case "header" -> {
                    String[] nv = PyStrings.partition(val, ":");
                    String name = PyStrings.strip(nv[0]);
                    String hv = PyStrings.strip(nv[1]);
                    List<String> vals = info.header(name);
                    if (!vals.contains(hv)) {
                        fails.add("echo lacks header " + name + ": " + quote(hv)
                                + " (has " + Escapes.showAll(vals) + ")");
                    }
                }
                case "header~" -> {
                    String[] nv = PyStrings.partition(val, ":");
                    String name = PyStrings.strip(nv[0]);
                    String rx = PyStrings.strip(nv[1]);
                    List<String> vals = info.header(name);
                    if (!Verdict.anyFullMatch(rx, vals)) {
                        fails.add("echo header " + name + " values " + Escapes.showAll(vals)
                                + " do not match /" + rx + "/");
                    }
                }
                case "no-header" -> {
                    List<String> vals = info.header(val);
                    if (!vals.isEmpty()) {
                        fails.add("echo has header " + val + ": " + Escapes.showAll(vals) + ", expected none");
                    }
                }
                case "header-count" -> {
                    String[] nc = PyStrings.partition(val, ":");
                    List<String> vals = info.header(PyStrings.strip(nc[0]));
                    if (vals.size() != PyStrings.parseInt(nc[1])) {
                        fails.add("echo has " + vals.size() + " " + PyStrings.strip(nc[0])
                                + " header(s), expected " + nc[1]);
                    }
                }
                default -> fails.add("unknown echo check '" + key + "'");
            }
        }
        return fails;
    }

    /** @return the lower-case hex SHA-256 of {@code data} */
    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }

    private static String quote(String s) {
        return s == null ? "None" : Escapes.show(s);
    }
}
