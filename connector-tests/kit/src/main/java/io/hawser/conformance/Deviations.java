package io.hawser.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * An expected-deviations file ({@code --expect-deviations}): the cases a server is known to fail, so a
 * team sees only regressions. One case per line, {@code CASE-ID REASON} (the reason is required);
 * blank lines and lines starting with {@code #} are ignored. A listed case that fails is a
 * {@link CaseReport.Verdict#DEVIATION}; one that passes is a pass with a note to remove the line.
 */
public final class Deviations {
    private final Map<String, String> reasons;

    private Deviations(Map<String, String> reasons) {
        this.reasons = reasons;
    }

    /** @return no expected deviations */
    public static Deviations none() {
        return new Deviations(Map.of());
    }

    /**
     * @param file the file to read (UTF-8)
     * @param known every case id of the kit
     * @return the deviations
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException naming the line of an unknown case id, a repeated id or a missing reason
     */
    public static Deviations read(Path file, Collection<String> known) throws IOException {
        Set<String> ids = Set.copyOf(known);
        Map<String, String> out = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+", 2);
            String where = file + ":" + (i + 1) + ": ";
            if (parts.length < 2) {
                throw new IllegalArgumentException(where + "a reason is required after the case id " + parts[0]);
            }
            if (!ids.contains(parts[0])) {
                throw new IllegalArgumentException(where + "no case " + parts[0] + " in this kit");
            }
            if (out.put(parts[0], parts[1].strip()) != null) {
                throw new IllegalArgumentException(where + parts[0] + " is listed twice");
            }
        }
        return new Deviations(Map.copyOf(out));
    }

    /** @return the report with the expectation applied: a listed FAIL becomes DEVIATION, a listed PASS gets a note */
    public CaseReport apply(CaseReport r) {
        String reason = reasons.get(r.id());
        if (reason == null) {
            return r;
        }
        return switch (r.verdict()) {
            case FAIL -> r.with(CaseReport.Verdict.DEVIATION, "expected deviation: " + reason);
            case PASS -> r.with(CaseReport.Verdict.PASS,
                    "listed as an expected deviation (" + reason + ") but passed: remove it from the file");
            default -> r;
        };
    }

    /** @return the ids listed, sorted */
    public Set<String> ids() {
        return reasons.keySet().stream().sorted().collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }
}
