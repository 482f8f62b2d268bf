package io.hawser.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JUnit XML report (the Ant/Surefire {@code testsuites} format CI servers read): one
 * {@code testsuite} per group, one {@code testcase} per case; a FAIL is a {@code failure}, a SKIP
 * {@code skipped}, an expected DEVIATION {@code skipped} with its reason; the bytes sent and received
 * are in {@code system-out}.
 */
final class JunitReport {
    /** The file name in the report folder. */
    static final String FILE = "TEST-hawser-conformance.xml";

    private JunitReport() {
    }

    /**
     * @param dir the report folder (created when missing)
     * @param target the base URL, the suites' {@code hostname}
     * @param reports the cases' reports
     * @return the file written
     */
    static Path write(Path dir, String target, List<CaseReport> reports) throws IOException {
        Map<String, List<CaseReport>> byGroup = new LinkedHashMap<>();
        reports.forEach(r -> byGroup.computeIfAbsent(r.group(), g -> new java.util.ArrayList<>()).add(r));
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hawser-conformance\">\n");
        for (Map.Entry<String, List<CaseReport>> g : byGroup.entrySet()) {
            List<CaseReport> cases = g.getValue();
            long failures = cases.stream().filter(r -> r.verdict() == CaseReport.Verdict.FAIL).count();
            long skipped = cases.stream().filter(r -> r.verdict() == CaseReport.Verdict.SKIP
                    || r.verdict() == CaseReport.Verdict.DEVIATION).count();
            double seconds = cases.stream().mapToLong(CaseReport::millis).sum() / 1000.0;
            x.append(" <testsuite name=\"").append(Markup.escape(g.getKey())).append("\" hostname=\"")
                    .append(Markup.escape(target)).append("\" tests=\"").append(cases.size())
                    .append("\" failures=\"").append(failures).append("\" errors=\"0\" skipped=\"").append(skipped)
                    .append("\" time=\"").append(seconds).append("\">\n");
            for (CaseReport r : cases) {
                x.append("  <testcase classname=\"").append(Markup.escape(r.group())).append("\" name=\"")
                        .append(Markup.escape(r.id())).append("\" time=\"").append(r.millis() / 1000.0).append("\">\n");
                String why = Markup.escape(String.join("; ", r.reasons()));
                switch (r.verdict()) {
                    case FAIL -> x.append("   <failure message=\"").append(why).append("\">").append(why)
                            .append("\nRFC: ").append(Markup.escape(r.rfc())).append("</failure>\n");
                    case SKIP, DEVIATION -> x.append("   <skipped message=\"").append(why).append("\"/>\n");
                    case PASS -> { }
                }
                x.append("   <system-out>").append(Markup.escape("title: " + r.title() + "\nrfc: " + r.rfc()
                        + "\n--- sent\n" + Markup.bytes(r.sent()) + "\n--- received\n" + Markup.bytes(r.received())))
                        .append("</system-out>\n  </testcase>\n");
            }
            x.append(" </testsuite>\n");
        }
        x.append("</testsuites>\n");
        Files.createDirectories(dir);
        return Files.write(dir.resolve(FILE), Markup.utf8(x.toString()));
    }
}
