package io.hawser.conformance;

import static io.hawser.conformance.ScenarioRun.expect;
import static io.hawser.conformance.ScenarioRun.expectEqual;
import static io.hawser.conformance.ScenarioRun.pattern;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.AsyncRequestContent;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.InputStreamRequestContent;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Callback;

/**
 * The jetty-client scenarios ({@code client/*}): what a real HTTP/1.1 client sees of the echo WAR's
 * routes ({@code /plaintext}, {@code /echo}, {@code /status/NNN}, {@code /big}, {@code /trailers},
 * {@code /request-trailers}, {@code /throw-before-commit}, {@code /throw-after-commit}, {@code /slow}).
 */
final class ClientScenarios {
    private static final int MIB = 1024 * 1024;
    private static final String HELLO = "Hello, World!";

    private ClientScenarios() {
    }

    /** @return every scenario, in a fixed order */
    static List<Scenario> all() {
        return List.of(
                new Scenario("plaintext-with-length-and-date", "RFC 9110 §8.6, §6.6.1, §8.3",
                        "GET /plaintext: 200, Content-Length 13, a Date, text/plain, no Transfer-Encoding",
                        ClientScenarios::plaintext),
                new Scenario("echo-post-content-length", "RFC 9112 §6.2",
                        "a 50,000-byte POST with Content-Length reaches the servlet whole", r -> echoPost(r, 50_000, false)),
                new Scenario("echo-post-chunked", "RFC 9112 §7.1",
                        "a 70,000-byte chunked POST reaches the servlet whole", r -> echoPost(r, 70_000, true)),
                new Scenario("echo-post-chunked-in-pieces-over-time", "RFC 9112 §7.1",
                        "a chunked POST written 4,000 bytes at a time reaches the servlet whole",
                        ClientScenarios::piecesOverTime),
                new Scenario("sequential-requests-reuse-one-connection", "RFC 9112 §9.3",
                        "50 sequential requests are served on one persistent connection", ClientScenarios::reuse),
                new Scenario("head-without-content-with-get-length", "RFC 9110 §9.3.2, §8.6",
                        "HEAD /plaintext: no content, the Content-Length of GET, the connection stays in sync",
                        ClientScenarios::head),
                new Scenario("expect-continue-then-body", "RFC 9110 §10.1.1, §15.2.1",
                        "a POST with Expect: 100-continue gets 100 and its 100,000-byte body is read",
                        ClientScenarios::expectContinue),
                new Scenario("expect-continue-final-response-keeps-sync", "RFC 9110 §10.1.1",
                        "a final 403 to Expect: 100-continue without reading leaves the client in sync",
                        ClientScenarios::expectContinueRefused),
                new Scenario("echo-10mib-content-length", "RFC 9112 §6.2",
                        "a 10 MiB POST with Content-Length reaches the servlet whole", r -> echoPost(r, 10 * MIB, false)),
                new Scenario("echo-10mib-chunked", "RFC 9112 §7.1",
                        "a 10 MiB chunked POST reaches the servlet whole", r -> echoPost(r, 10 * MIB, true)),
                new Scenario("big-10mib-chunked", "RFC 9112 §7.1, §6.3",
                        "GET /big?size=10MiB: 10 MiB chunked, every byte right", r -> big(r, false)),
                new Scenario("big-10mib-content-length", "RFC 9112 §6.2, §6.3",
                        "GET /big?size=10MiB&fixed: 10 MiB with Content-Length, every byte right", r -> big(r, true)),
                new Scenario("two-hundred-concurrent-requests", "RFC 9112 §9.4",
                        "200 concurrent GET /slow are all answered, over more than 10 connections",
                        ClientScenarios::concurrent),
                new Scenario("response-trailers", "RFC 9110 §6.5, RFC 9112 §7.1.2",
                        "GET /trailers with TE: trailers: chunked content and the trailer fields X-Checksum, X-Count",
                        ClientScenarios::responseTrailers),
                new Scenario("request-trailers", "RFC 9110 §6.5, RFC 9112 §7.1.2",
                        "a chunked POST's trailer field reaches the servlet", ClientScenarios::requestTrailers),
                new Scenario("throw-before-commit-is-500", "RFC 9110 §15.6.1",
                        "a servlet that throws before commit: 500 without its content, the next request is served",
                        ClientScenarios::throwBeforeCommit),
                new Scenario("throw-after-commit-chunked-is-cut", "RFC 9112 §7.1, §8",
                        "a servlet that throws after a flushed chunked response: the message is not completed",
                        r -> throwAfterCommit(r, false)),
                new Scenario("throw-after-commit-content-length-is-cut", "RFC 9112 §6.3, §8",
                        "a servlet that throws after a flushed Content-Length response: the message is not completed",
                        r -> throwAfterCommit(r, true)));
    }

    private static void plaintext(ScenarioRun run) throws Exception {
        ContentResponse r = run.send(run.request("plaintext"), 0);
        expectEqual("status", 200, r.getStatus());
        expectEqual("content", HELLO, r.getContentAsString());
        expectEqual("Content-Length", "13", r.getHeaders().get(HttpHeader.CONTENT_LENGTH));
        String type = r.getHeaders().get(HttpHeader.CONTENT_TYPE);
        expect(type != null && type.toLowerCase(java.util.Locale.ROOT).matches("text/plain\\s*(;.*)?"),
                "Content-Type: expected text/plain, got " + type);
        String date = r.getHeaders().get(HttpHeader.DATE);
        expect(date != null && !date.isBlank(), "no Date field (RFC 9110 §6.6.1: an origin server with a clock sends one)");
        expectEqual("Transfer-Encoding", null, r.getHeaders().get(HttpHeader.TRANSFER_ENCODING));
    }

    private static void echoPost(ScenarioRun run, int size, boolean chunked) throws Exception {
        byte[] body = pattern(size, size);
        Request req = run.request("echo").method(HttpMethod.POST)
                .body(chunked ? new InputStreamRequestContent(new ByteArrayInputStream(body)) : new BytesRequestContent(body));
        ContentResponse r = run.send(req, size);
        expectEqual("status", 200, r.getStatus());
        EchoCheck.EchoOutput echo = EchoCheck.parse(r.getContent());
        if (chunked) {
            expectEqual("Transfer-Encoding the servlet sees", List.of("chunked"), echo.header("Transfer-Encoding"));
        } else {
            expectEqual("Content-Length the servlet sees", List.of(Integer.toString(size)), echo.header("Content-Length"));
        }
        expectBody(echo, body);
    }

    private static void expectBody(EchoCheck.EchoOutput echo, byte[] body) throws ScenarioRun.CheckFailed {
        expectEqual("body-length the servlet read", Integer.toString(body.length), echo.values().get("body-length"));
        expectEqual("body-sha256 the servlet read", EchoCheck.sha256(body), echo.values().get("body-sha256"));
    }

    private static void piecesOverTime(ScenarioRun run) throws Exception {
        byte[] body = pattern(40_000, 3);
        AsyncRequestContent content = new AsyncRequestContent();
        Request req = run.request("echo").method(HttpMethod.POST).body(content);
        CompletableFuture<ContentResponse> response = new CompletableResponseListener(req).send();
        for (int off = 0; off < body.length; off += 4_000) {
            CompletableFuture<Void> written = new CompletableFuture<>();
            content.write(ByteBuffer.wrap(body, off, 4_000), Callback.from(() -> written.complete(null),
                    written::completeExceptionally));
            written.get(ScenarioRun.REQUEST_SECONDS, TimeUnit.SECONDS);
        }
        content.close();
        ContentResponse r = response.get(ScenarioRun.REQUEST_SECONDS, TimeUnit.SECONDS);
        run.noteSent(req, body.length);
        run.noteReceived(r, r.getContent());
        expectEqual("status", 200, r.getStatus());
        expectBody(EchoCheck.parse(r.getContent()), body);
    }

    private static void reuse(ScenarioRun run) throws Exception {
        Set<String> ports = new java.util.LinkedHashSet<>();
        for (int i = 0; i < 50; i++) {
            ContentResponse r = run.send(run.request("slow?ms=0&i=" + i), 0);
            expectEqual("status of request " + i, 200, r.getStatus());
            ports.add(r.getHeaders().get("X-Remote-Port"));
        }
        expectEqual("connections (client ports the servlet saw)", 1, ports.size());
    }

    private static void head(ScenarioRun run) throws Exception {
        ContentResponse get = run.send(run.request("plaintext"), 0);
        ContentResponse head = run.send(run.request("plaintext").method(HttpMethod.HEAD), 0);
        expectEqual("HEAD status", 200, head.getStatus());
        expectEqual("HEAD content length", 0, head.getContent().length);
        expectEqual("HEAD Content-Length", get.getHeaders().get(HttpHeader.CONTENT_LENGTH),
                head.getHeaders().get(HttpHeader.CONTENT_LENGTH));
        expectEqual("GET after HEAD", HELLO, run.send(run.request("plaintext"), 0).getContentAsString());
    }

    private static void expectContinue(ScenarioRun run) throws Exception {
        byte[] body = pattern(100_000, 4);
        ContentResponse r = run.send(run.request("echo").method(HttpMethod.POST)
                .headers(h -> h.put(HttpHeader.EXPECT, "100-continue")).body(new BytesRequestContent(body)), body.length);
        expectEqual("status", 200, r.getStatus());
        EchoCheck.EchoOutput echo = EchoCheck.parse(r.getContent());
        expectEqual("Expect the servlet sees", List.of("100-continue"), echo.header("Expect"));
        expectBody(echo, body);
    }

    private static void expectContinueRefused(ScenarioRun run) throws Exception {
        // jetty-client completes such an exchange as failed ("Expectation failed") but with the response
        CompletableFuture<Result> done = new CompletableFuture<>();
        Request req = run.request("status/403").method(HttpMethod.POST)
                .headers(h -> h.put(HttpHeader.EXPECT, "100-continue"))
                .body(new BytesRequestContent(pattern(100_000, 5)));
        req.send(done::complete);
        Result result = done.get(ScenarioRun.REQUEST_SECONDS, TimeUnit.SECONDS);
        run.noteSent(req, 100_000);
        run.noteReceived(result.getResponse(), null);
        expectEqual("status", 403, result.getResponse().getStatus());
        for (int i = 0; i < 3; i++) {
            expectEqual("status of GET /plaintext " + i + " afterwards", 200, run.send(run.request("plaintext"), 0).getStatus());
        }
    }

    private static void big(ScenarioRun run, boolean fixed) throws Exception {
        int size = 10 * MIB;
        Request req = run.request("big?size=" + size + (fixed ? "&fixed" : ""));
        ContentResponse r = new CompletableResponseListener(req, 11 * MIB).send()
                .get(ScenarioRun.REQUEST_SECONDS, TimeUnit.SECONDS);
        run.noteSent(req, 0);
        run.noteReceived(r, r.getContent());
        expectEqual("status", 200, r.getStatus());
        if (fixed) {
            expectEqual("Content-Length", Integer.toString(size), r.getHeaders().get(HttpHeader.CONTENT_LENGTH));
            expectEqual("Transfer-Encoding", null, r.getHeaders().get(HttpHeader.TRANSFER_ENCODING));
        } else {
            expectEqual("Transfer-Encoding", "chunked", r.getHeaders().get(HttpHeader.TRANSFER_ENCODING));
        }
        expectEqual("content length", size, r.getContent().length);
        expectEqual("content sha256", EchoCheck.sha256(pattern(size, 42)), EchoCheck.sha256(r.getContent()));
    }

    private static void concurrent(ScenarioRun run) throws Exception {
        Set<String> ports = ConcurrentHashMap.newKeySet();
        List<CompletableFuture<ContentResponse>> all = new ArrayList<>();
        List<Request> requests = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Request req = run.request("slow?i=" + i);
            requests.add(req);
            all.add(new CompletableResponseListener(req).send());
        }
        for (int i = 0; i < all.size(); i++) {
            ContentResponse r = all.get(i).get(ScenarioRun.REQUEST_SECONDS, TimeUnit.SECONDS);
            if (i < 2) {
                run.noteSent(requests.get(i), 0);
                run.noteReceived(r, r.getContent());
            }
            expectEqual("status of request " + i, 200, r.getStatus());
            expectEqual("content of request " + i, "ok", r.getContentAsString());
            ports.add(String.valueOf(r.getHeaders().get("X-Remote-Port")));
        }
        expect(ports.size() > 10, "200 concurrent requests used " + ports.size() + " connection(s), expected more than 10");
    }

    private static void responseTrailers(ScenarioRun run) throws Exception {
        ContentResponse r = run.send(run.request("trailers").headers(h -> h.put(HttpHeader.TE, "trailers")), 0);
        expectEqual("status", 200, r.getStatus());
        expectEqual("content", "with trailers", r.getContentAsString());
        expectEqual("Transfer-Encoding", "chunked", r.getHeaders().get(HttpHeader.TRANSFER_ENCODING));
        expect(r.getTrailers() != null, "no trailer section");
        expectEqual("trailer X-Checksum", "abc123", r.getTrailers().get("X-Checksum"));
        expectEqual("trailer X-Count", "2", r.getTrailers().get("X-Count"));
    }

    private static void requestTrailers(ScenarioRun run) throws Exception {
        byte[] body = pattern(20_000, 8);
        AsyncRequestContent content = new AsyncRequestContent(ByteBuffer.wrap(body));
        content.close();
        String digest = EchoCheck.sha256(body);
        ContentResponse r = run.send(run.request("request-trailers").method(HttpMethod.POST).body(content)
                .trailersSupplier(() -> org.eclipse.jetty.http.HttpFields.build().put("X-Digest", digest)), body.length);
        expectEqual("status", 200, r.getStatus());
        expectEqual("what the servlet saw", "length=20000\nx-digest=" + digest + "\n", r.getContentAsString());
    }

    private static void throwBeforeCommit(ScenarioRun run) throws Exception {
        ContentResponse r = run.send(run.request("throw-before-commit"), 0);
        expectEqual("status", 500, r.getStatus());
        expect(!r.getContentAsString().startsWith("x"), "the 500 carries the servlet's uncommitted content 'x'");
        ContentResponse next = run.send(run.request("plaintext"), 0);
        expectEqual("next request's status", 200, next.getStatus());
        expectEqual("next request's content", HELLO, next.getContentAsString());
    }

    private static void throwAfterCommit(ScenarioRun run, boolean fixed) throws Exception {
        Request req = run.request("throw-after-commit" + (fixed ? "?fixed" : ""));
        CompletableFuture<Result> done = new CompletableFuture<>();
        req.send(done::complete);
        Result result = done.get(ScenarioRun.REQUEST_SECONDS, TimeUnit.SECONDS);
        run.noteSent(req, 0);
        if (result.getFailure() != null) {
            run.noteFailure(result.getFailure());
        } else {
            run.noteReceived(result.getResponse(), null);
        }
        expect(result.isFailed(), "the client received a complete " + result.getResponse().getStatus()
                + " response although the servlet failed after commit (RFC 9112 §8: the message must not look complete)");
        expectEqual("status of GET /plaintext afterwards", 200, run.send(run.request("plaintext"), 0).getStatus());
    }
}
