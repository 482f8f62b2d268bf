package io.hawser.conformance;

import java.util.List;

/**
 * What one case of the kit did against a server: the verdict and what went over the wire.
 *
 * @param id the case id, {@code group/name}
 * @param group the case's group (a corpus folder, or {@code client} for the jetty-client scenarios)
 * @param rfc the RFC sections the case checks, or an empty string
 * @param title what the case checks, in one line
 * @param verdict the verdict
 * @param reasons why it failed, was skipped or is an expected deviation; notes on a pass
 * @param sent the bytes sent (for a scenario, a transcript of the requests and their sizes)
 * @param received the bytes received (for a scenario, a transcript of the responses)
 * @param millis how long the case ran, in milliseconds
 */
public record CaseReport(String id, String group, String rfc, String title, Verdict verdict, List<String> reasons,
        byte[] sent, byte[] received, long millis) {

    /** A case's verdict. */
    public enum Verdict {
        /** every expectation held */
        PASS,
        /** at least one expectation failed, or the case could not run */
        FAIL,
        /** the case did not run: it needs something the server or the run lacks */
        SKIP,
        /** it failed, as the expected-deviations file says it does for this server */
        DEVIATION
    }

    /** Copies the reasons; a null byte array becomes empty. */
    public CaseReport {
        reasons = List.copyOf(reasons);
        sent = sent == null ? new byte[0] : sent;
        received = received == null ? new byte[0] : received;
    }

    /** @return this report with another verdict and one more reason, first */
    CaseReport with(Verdict v, String reason) {
        List<String> all = new java.util.ArrayList<>();
        all.add(reason);
        all.addAll(reasons);
        return new CaseReport(id, group, rfc, title, v, all, sent, received, millis);
    }

    /** @return {@link #line()}, the RFC sections and the start of what was received, escaped (for a test failure) */
    public String failureMessage() {
        return line() + "\n     rfc: " + rfc + "\n     received: "
                + Escapes.show(received, 0, Math.min(CaseResult.RAW_SHOWN, received.length));
    }

    /** @return the one-line progress form: {@code PASS id}, {@code FAIL id: reasons} ... */
    public String line() {
        return verdict + " " + id + (reasons.isEmpty() ? "" : ": " + String.join("; ", reasons));
    }
}
