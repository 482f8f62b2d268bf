package io.hawser.conformance;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs one case against a server, as run-corpus's {@code run_case} and {@code one}: a fresh
 * connection, the case's writes with their split delays and directives, an optional half-close, then
 * a wait for the outcome bounded by the case's timeout and ended early once the expected responses
 * have arrived and the connection stayed quiet for the grace time.
 */
final class CaseRunner {

    static final int CONNECT_TIMEOUT_MILLIS = 3000;
    /** A single write that takes longer than this is abandoned (run-corpus would block for ever). */
    static final long SEND_STALL_MILLIS = 20_000;

    /** Upper bound of any timeout a case or the settings give. */
    static final double MAX_WAIT_SECONDS = 600;

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private CaseRunner() {
    }

    /**
     * Runs a case and judges it; never throws.
     *
     * @return PASS, FAIL (with reasons) or SKIP (when the case requires a feature in {@code skipRequires})
     */
    static CaseResult execute(CaseFile c, RunSettings settings) {
        for (String r : c.requires()) {
            if (settings.skipRequires().contains(r)) {
                return new CaseResult(c, CaseResult.Status.SKIP,
                        List.of("requires " + String.join(",", c.requires())), null);
            }
        }
        CaseOutcome outcome;
        try {
            outcome = run(c, settings);
        } catch (ConnectFailure e) {
            return new CaseResult(c, CaseResult.Status.FAIL, List.of(e.getMessage()), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CaseResult(c, CaseResult.Status.FAIL, List.of("runner error: interrupted"), null);
        } catch (IOException | RuntimeException e) {
            return new CaseResult(c, CaseResult.Status.FAIL, List.of("runner error: " + e), null);
        }
        List<String> fails;
        try {
            fails = Verdict.check(c, outcome, settings.strict());
        } catch (RuntimeException e) {
            return new CaseResult(c, CaseResult.Status.FAIL, List.of("runner error while checking: " + e), outcome);
        }
        return new CaseResult(c, fails.isEmpty() ? CaseResult.Status.PASS : CaseResult.Status.FAIL, fails, outcome);
    }

    /** The server could not be reached. */
    static final class ConnectFailure extends IOException {
        private static final long serialVersionUID = 1L;

        ConnectFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Sends a case and collects what the server does.
     *
     * @throws ConnectFailure when the server cannot be reached
     * @throws IOException on other I/O failures outside sending
     * @throws InterruptedException when interrupted
     */
    static CaseOutcome run(CaseFile c, RunSettings settings) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        List<String> methods = c.requestMethods();
        long graceNanos = seconds(settings.graceSeconds());
        RawHttpClient conn;
        try {
            conn = RawHttpClient.connect(settings.host(), settings.port(), settings.tls(), CONNECT_TIMEOUT_MILLIS);
        } catch (IOException e) {
            throw new ConnectFailure("cannot connect to " + settings.host() + ":" + settings.port() + ": " + e, e);
        }
        long sent = 0;
        String sendError = null;
        RawHttpClient.Snapshot snap;
        boolean reset;
        try {
            // Heads already received before the last bytes were written: a @wait-response after
            // them waits for one more than these, even when the answer arrives before the wait begins.
            int headsBeforeWrite = 0;
            for (Write w : c.writes()) {
                if (w.data().length > 0) {
                    RawHttpClient.Snapshot beforeWrite = conn.snapshot();
                    headsBeforeWrite = ResponseReader.countHeads(beforeWrite.data(), methods, beforeWrite.eof());
                    if (conn.eof()) {
                        sendError = "server closed the connection before all bytes were sent";
                        break;
                    }
                    try {
                        conn.sendAll(w.data(), SEND_STALL_MILLIS);
                        sent += w.data().length;
                    } catch (IOException e) {
                        sendError = "send failed after " + sent + " bytes: " + errorName(e);
                        break;
                    }
                    if (w.delayMillis() != 0) {
                        Thread.sleep(w.delayMillis());
                    }
                }
                if (w.action() != null) {
                    perform(w.action(), conn, methods, headsBeforeWrite);
                }
            }
            if (c.halfClose() && sendError == null) {
                conn.halfClose();
            }
            waitForOutcome(c, conn, methods, seconds(settings.waitSeconds(c)), graceNanos);
            snap = conn.snapshot();
            reset = conn.reset();
        } finally {
            conn.close();
        }
        long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        Observation obs = new Observation(sent, sendError, snap.eof(), reset, elapsed, snap.data());
        return new CaseOutcome(ResponseReader.parse(snap.data(), methods, snap.eof()), obs);
    }

    private static void perform(Segment.Action action, RawHttpClient conn, List<String> methods, int before)
            throws InterruptedException {
        if (action.kind() == Segment.Kind.PAUSE) {
            Thread.sleep(action.millis());
        } else if (action.kind() == Segment.Kind.WAIT_RESPONSE) {
            RawHttpClient.Snapshot snap;
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(action.millis());
            while (System.nanoTime() - end < 0) {
                snap = conn.snapshot();
                if (snap.eof() || ResponseReader.countHeads(snap.data(), methods, snap.eof()) > before) {
                    break;
                }
                conn.await(Math.min(POLL_NANOS, Math.max(0, end - System.nanoTime())));
            }
        }
    }

    /** run-corpus's wait loop, step for step. */
    private static void waitForOutcome(CaseFile c, RawHttpClient conn, List<String> methods, long timeoutNanos,
            long graceNanos) throws InterruptedException {
        long sentDone = System.nanoTime();
        long deadline = sentDone + timeoutNanos;
        Set<Integer> counts = c.responseCounts();
        Integer maxResponses = counts == null || counts.isEmpty() ? null : counts.stream().max(Integer::compare).get();
        String expectClose = c.get("expect-close", "any");
        while (true) {
            RawHttpClient.Snapshot snap = conn.snapshot();
            if (snap.eof()) {
                break;
            }
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                break;
            }
            ParseResult parsed = ResponseReader.parse(snap.data(), methods, false);
            int finals = parsed.finals().size();
            long lastRx = conn.lastRxNanos();
            if (parsed.error() != null) {
                // garbage already; give the server a moment to close, then stop
                if (now - lastRx >= graceNanos) {
                    break;
                }
            } else if (!expectClose.equals("yes") && !parsed.incomplete()) {
                long quiet = now - Math.max(lastRx, sentDone);
                if (maxResponses != null && finals >= maxResponses && quiet >= graceNanos) {
                    break;
                }
                if (maxResponses == null && quiet >= Math.max(graceNanos, seconds(1.0)) && finals > 0) {
                    break;
                }
                if (maxResponses != null && maxResponses == 0 && quiet >= graceNanos) {
                    break;
                }
            }
            conn.await(POLL_NANOS);
        }
    }

    /** Seconds as nanoseconds, at most {@link #MAX_WAIT_SECONDS} so that every wait ends. */
    private static long seconds(double s) {
        return (long) (Math.min(s, MAX_WAIT_SECONDS) * 1e9);
    }

    /** @return the Python exception name run-corpus would print for this failure */
    private static String errorName(IOException e) {
        String msg = String.valueOf(e.getMessage());
        if (msg.contains("Broken pipe")) {
            return "BrokenPipeError";
        }
        if (msg.contains("reset")) {
            return "ConnectionResetError";
        }
        if (msg.contains("abort")) {
            return "ConnectionAbortedError";
        }
        return e.getClass().getSimpleName() + " (" + msg + ")";
    }
}
