package io.hawser.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Checks a case's outcome against its expectations and the invariants every response must keep, as
 * run-corpus's {@code check_case}: response and interim counts, status patterns, close, echo,
 * header and body checks. With {@code strict}, {@code prefer-status} and {@code prefer-close}
 * replace {@code expect-status} and {@code expect-close}.
 */
final class Verdict {

    private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

    private Verdict() {
    }

    /**
     * @param c the case
     * @param outcome what the server did
     * @param strict whether to use {@code prefer-status} / {@code prefer-close}
     * @return the reasons the case fails; empty when it passes
     */
    static List<String> check(CaseFile c, CaseOutcome outcome, boolean strict) {
        ParseResult result = outcome.parsed();
        Observation obs = outcome.observation();
        List<String> fails = new ArrayList<>();
        List<ParsedResponse> finals = result.finals();
        List<ParsedResponse> interims = result.interims();

        if (result.error() != null) {
            fails.add(result.error());
        } else if (result.incomplete()) {
            fails.add("response incomplete when the wait ended");
        }

        Set<Integer> counts = c.responseCounts();
        if (counts != null && !counts.contains(finals.size())) {
            fails.add("got " + finals.size() + " response(s), expected " + c.get("expect-responses", "1"));
        }
        Set<Integer> icounts = c.interimCounts();
        if (icounts != null && !icounts.contains(interims.size())) {
            fails.add("got " + interims.size() + " interim (1xx) response(s), expected " + c.get("expect-interim"));
        }

        String statusSpec = c.get("expect-status", "any");
        if (strict && nonEmpty(c.get("prefer-status"))) {
            statusSpec = c.get("prefer-status");
        }
        List<String> items = new ArrayList<>();
        for (String s : statusSpec.split(",", -1)) {
            items.add(PyStrings.strip(s));
        }
        for (int i = 0; i < finals.size(); i++) {
            String pat = items.size() == 1 ? items.get(0) : i < items.size() ? items.get(i) : null;
            if (pat != null && !statusMatches(finals.get(i).status(), pat)) {
                fails.add("response " + (i + 1) + " status " + finals.get(i).status() + ", expected " + pat);
            }
        }

        String closeSpec = c.get("expect-close", "any");
        if (strict && nonEmpty(c.get("prefer-close"))) {
            closeSpec = c.get("prefer-close");
        }
        if (closeSpec.equals("yes") && !obs.closed()) {
            fails.add("connection still open, expected the server to close it");
        }
        if (closeSpec.equals("no") && obs.closed()) {
            fails.add("server closed the connection, expected it to stay open");
        }

        for (CaseFile.Indexed e : c.indexed("expect-echo")) {
            for (Target t : targets(e.index(), finals)) {
                if (t.response().status() != 200) {
                    continue;
                }
                for (String f : EchoCheck.check(e.value(), t.response().body())) {
                    fails.add("response " + t.number() + ": " + f);
                }
            }
        }

        for (String key : List.of("expect-header", "expect-header-if-present")) {
            for (CaseFile.Indexed e : c.indexed(key)) {
                String[] nv = PyStrings.partition(e.value(), ":");
                String name = PyStrings.strip(nv[0]);
                String rx = PyStrings.strip(nv[1]);
                for (Target t : targets(e.index(), finals)) {
                    List<String> vals = t.response().headerValues(name);
                    if (vals.isEmpty()) {
                        if (key.equals("expect-header")) {
                            fails.add("response " + t.number() + " lacks header " + name);
                        }
                        continue;
                    }
                    if (!rx.isEmpty() && !anyFullMatch(rx, vals)) {
                        fails.add("response " + t.number() + " header " + name + " " + Escapes.showAll(vals)
                                + " does not match /" + rx + "/");
                    }
                }
            }
        }

        for (CaseFile.Indexed e : c.indexed("expect-no-header")) {
            String name = PyStrings.strip(e.value());
            for (Target t : targets(e.index(), finals)) {
                List<String> vals = t.response().headerValues(name);
                if (!vals.isEmpty()) {
                    fails.add("response " + t.number() + " has header " + name + ": " + Escapes.showAll(vals)
                            + ", expected none");
                }
            }
        }

        for (CaseFile.Indexed e : c.indexed("expect-body")) {
            byte[] want = Escapes.unescape(e.value(), "expect-body");
            for (Target t : targets(e.index(), finals)) {
                if (!java.util.Arrays.equals(t.response().body(), want)) {
                    fails.add("response " + t.number() + " body " + Escapes.show(t.response().body(), 60)
                            + ", expected " + Escapes.show(want, 60));
                }
            }
        }

        // Invariants every response must keep (RFC 9112 §6.1, §6.2; RFC 9110 §8.6, §15.2).
        boolean is10 = c.requestIsHttp10();
        for (ParsedResponse r : result.responses()) {
            boolean te = !r.headerValues("Transfer-Encoding").isEmpty();
            boolean cl = !r.headerValues("Content-Length").isEmpty();
            if (te && cl) {
                fails.add("a response carries both Transfer-Encoding and Content-Length (RFC 9112 6.2)");
            }
            if ((r.interim() || r.status() == 204) && (te || cl)) {
                fails.add("a " + r.status() + " response carries " + (te ? "Transfer-Encoding" : "Content-Length")
                        + " (RFC 9112 6.1 / RFC 9110 8.6)");
            }
            if (is10 && te) {
                fails.add("a response to an HTTP/1.0 request uses Transfer-Encoding (RFC 9112 6.1)");
            }
            if (is10 && r.interim()) {
                fails.add("a 1xx response was sent to an HTTP/1.0 request (RFC 9110 15.2)");
            }
        }
        return fails;
    }

    /**
     * @param status a status code
     * @param pattern alternatives joined by {@code |}: a code, a class such as {@code 4xx}, or {@code any}
     * @return whether the status matches one alternative
     */
    static boolean statusMatches(int status, String pattern) {
        for (String raw : pattern.split("\\|", -1)) {
            String alt = PyStrings.strip(raw);
            if (alt.equals("any")) {
                return true;
            }
            if (alt.endsWith("xx")) {
                if (status / 100 == Character.digit(alt.charAt(0), 10)) {
                    return true;
                }
            } else if (status == PyStrings.parseInt(alt)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return whether the regular expression fully matches one of {@code values}; Python {@code re}
     *     semantics approximated with Unicode character classes and {@code \n} as the only line end
     */
    static boolean anyFullMatch(String regex, List<String> values) {
        Pattern p = PATTERNS.computeIfAbsent(regex,
                r -> Pattern.compile(r, Pattern.UNICODE_CHARACTER_CLASS | Pattern.UNIX_LINES));
        for (String v : values) {
            if (p.matcher(v).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * One line summary of an outcome, as run-corpus prints it: {@code got [200 x2], open}.
     *
     * @param outcome the outcome, or null when there is none
     */
    static String describe(CaseOutcome outcome) {
        if (outcome == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        List<Integer> runs = new ArrayList<>();
        for (ParsedResponse r : outcome.parsed().responses()) {
            String st = Integer.toString(r.status());
            if (!parts.isEmpty() && parts.get(parts.size() - 1).equals(st)) {
                runs.set(runs.size() - 1, runs.get(runs.size() - 1) + 1);
            } else {
                parts.add(st);
                runs.add(1);
            }
        }
        StringBuilder txt = new StringBuilder();
        if (parts.isEmpty()) {
            txt.append("got no response");
        } else {
            List<String> shown = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                shown.add(runs.get(i) == 1 ? parts.get(i) : parts.get(i) + " x" + runs.get(i));
            }
            txt.append("got [").append(String.join(" ", shown)).append(']');
        }
        Observation obs = outcome.observation();
        txt.append(obs.closed() ? ", closed" : ", open");
        if (obs.sendError() != null) {
            txt.append(", ").append(obs.sendError());
        }
        return txt.toString();
    }

    /** A response a check applies to, with its 1-based number. */
    private record Target(int number, ParsedResponse response) {
    }

    /** run-corpus's targets: every final response, or response {@code index} when there is one. */
    private static List<Target> targets(Integer index, List<ParsedResponse> finals) {
        List<Target> out = new ArrayList<>();
        if (index == null) {
            for (int i = 0; i < finals.size(); i++) {
                out.add(new Target(i + 1, finals.get(i)));
            }
        } else if (index <= finals.size()) {
            // index 0 reaches finals[-1] in Python: the last response
            int at = index == 0 ? finals.size() - 1 : index - 1;
            if (at < 0) {
                throw new IllegalStateException("index 0 with no responses");
            }
            out.add(new Target(index, finals.get(at)));
        }
        return out;
    }

    private static boolean nonEmpty(String s) {
        return s != null && !s.isEmpty();
    }
}
