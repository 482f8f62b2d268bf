package io.hawser.conformance;

import java.util.List;

/**
 * A case file of the raw-socket corpus ({@code conformance/public} on the class path) as a
 * {@link KitCase}: run by {@link CaseRunner} over a fresh connection, judged by {@link Verdict}.
 * A malformed case file is a case that always fails, naming the problem.
 */
final class CorpusCase implements KitCase {
    private final CaseCatalog.Entry entry;

    CorpusCase(CaseCatalog.Entry entry) {
        this.entry = entry;
    }

    @Override
    public String id() {
        return entry.id();
    }

    @Override
    public String group() {
        return entry.group();
    }

    @Override
    public String rfc() {
        return entry.caseFile() == null ? "" : entry.caseFile().get("rfc", "");
    }

    @Override
    public String title() {
        if (entry.caseFile() == null) {
            return "malformed case file";
        }
        List<String> d = entry.caseFile().description();
        return entry.caseFile().get("title", d.isEmpty() ? "" : String.join(" ", d));
    }

    @Override
    public CaseReport run(KitConfig config) {
        if (entry.caseFile() == null) {
            return new CaseReport(id(), group(), rfc(), title(), CaseReport.Verdict.FAIL,
                    List.of("malformed case file " + id() + ": " + entry.error()), null, null, 0);
        }
        CaseFile c = entry.caseFile();
        CaseResult r = CaseRunner.execute(c, config.rawSettings());
        CaseReport.Verdict v = switch (r.status()) {
            case PASS -> CaseReport.Verdict.PASS;
            case FAIL -> CaseReport.Verdict.FAIL;
            case SKIP -> CaseReport.Verdict.SKIP;
        };
        Observation o = r.outcome() == null ? null : r.outcome().observation();
        List<String> reasons = r.reasons();
        if (r.outcome() != null) {
            reasons = new java.util.ArrayList<>(reasons);
            reasons.add("observed: " + Verdict.describe(r.outcome()));
        }
        return new CaseReport(id(), group(), rfc(), title(), v, reasons, c.payload(),
                o == null ? null : o.raw(), o == null ? 0 : o.elapsedMillis());
    }
}
