package io.hawser.conformance;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * A jetty-client scenario: a real HTTP/1.1 client (Jetty's {@code HttpClient}, a fresh one per
 * scenario) against the echo WAR's routes, with checks on what it receives.
 *
 * @param name the case name; the id is {@code client/NAME}
 * @param rfc the RFC sections it checks
 * @param title what it checks, in one line
 * @param body the requests and checks
 */
record Scenario(String name, String rfc, String title, Body body) implements KitCase {
    /** The scenarios' group. */
    static final String GROUP = "client";

    /** The requests and checks of a scenario. */
    @FunctionalInterface
    interface Body {
        /**
         * @param run the client, the target and the transcript
         * @throws ScenarioRun.CheckFailed when a check fails
         * @throws Exception when a request fails unexpectedly (a FAIL too)
         */
        void run(ScenarioRun run) throws Exception;
    }

    @Override
    public String id() {
        return GROUP + "/" + name;
    }

    @Override
    public String group() {
        return GROUP;
    }

    @Override
    public CaseReport run(KitConfig config) {
        long t0 = System.nanoTime();
        CaseReport.Verdict verdict = CaseReport.Verdict.PASS;
        String reason = null;
        ScenarioRun run = null;
        try {
            run = ScenarioRun.start(config);
            body.run(run);
        } catch (ScenarioRun.CheckFailed e) {
            verdict = CaseReport.Verdict.FAIL;
            reason = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            verdict = CaseReport.Verdict.FAIL;
            reason = "interrupted";
        } catch (ExecutionException e) {
            verdict = CaseReport.Verdict.FAIL;
            reason = "request failed: " + e.getCause();
        } catch (TimeoutException e) {
            verdict = CaseReport.Verdict.FAIL;
            reason = "no response in time: " + e.getMessage();
        } catch (Exception e) {
            verdict = CaseReport.Verdict.FAIL;
            reason = "scenario error: " + e;
        } finally {
            if (run != null) {
                run.close();
            }
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        return new CaseReport(id(), GROUP, rfc, title, verdict, reason == null ? List.of() : List.of(reason),
                run == null ? null : run.sent(), run == null ? null : run.received(), millis);
    }
}
