package io.hawser.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code verdicts.tsv} in the report folder: one line per case,
 * {@code ID TAB GROUP TAB VERDICT TAB RFC TAB REASON} (the reasons joined, tabs and line breaks as
 * spaces, at most {@value #REASON_CHARS} characters), after a header line; what
 * {@code connector-tests/kit/compare.sh} reads to tabulate servers side by side.
 */
final class VerdictTable {
    /** The file name in the report folder. */
    static final String FILE = "verdicts.tsv";
    /** The longest reason column. */
    static final int REASON_CHARS = 200;

    private VerdictTable() {
    }

    /** @return the file written into {@code dir} (created when missing) */
    static Path write(Path dir, List<CaseReport> reports) throws IOException {
        StringBuilder s = new StringBuilder("id\tgroup\tverdict\trfc\treason\n");
        for (CaseReport r : reports) {
            String reason = String.join("; ", r.reasons()).replaceAll("[\t\r\n]", " ");
            s.append(r.id()).append('\t').append(r.group()).append('\t').append(r.verdict()).append('\t')
                    .append(r.rfc().replaceAll("[\t\r\n]", " ")).append('\t')
                    .append(reason.length() > REASON_CHARS ? reason.substring(0, REASON_CHARS) + "..." : reason)
                    .append('\n');
        }
        Files.createDirectories(dir);
        return Files.write(dir.resolve(FILE), Markup.utf8(s.toString()));
    }
}
