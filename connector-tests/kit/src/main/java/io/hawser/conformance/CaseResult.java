package io.hawser.conformance;

import java.util.List;

/**
 * The verdict on one case.
 *
 * @param caseFile the case
 * @param status PASS, FAIL or SKIP
 * @param reasons why it failed or was skipped
 * @param outcome what the server did, or null when the case did not run to the end
 */
record CaseResult(CaseFile caseFile, Status status, List<String> reasons, CaseOutcome outcome) {

    /** How many bytes of the raw response a failure message shows. */
    static final int RAW_SHOWN = 300;

    /** A case's verdict. */
    enum Status {
        /** every expectation held */
        PASS,
        /** at least one expectation failed, or the case could not run */
        FAIL,
        /** the case needs a feature the server lacks */
        SKIP
    }

    CaseResult {
        reasons = List.copyOf(reasons);
    }

    /** @return the line run-corpus prints for this case */
    String line() {
        String d = Verdict.describe(outcome);
        return switch (status) {
            case PASS -> "PASS " + caseFile.id() + "  (" + d + ")";
            case SKIP -> "SKIP " + caseFile.id() + ": " + String.join("; ", reasons);
            case FAIL -> "FAIL " + caseFile.id() + ": " + String.join("; ", reasons) + "  (" + d + ")";
        };
    }

    /** @return the reasons, the outcome summary and the start of the raw response, escaped */
    String failureMessage() {
        StringBuilder sb = new StringBuilder(line());
        if (outcome != null) {
            sb.append("\n     raw: ").append(Escapes.show(outcome.observation().raw(), RAW_SHOWN));
        }
        return sb.toString();
    }
}
