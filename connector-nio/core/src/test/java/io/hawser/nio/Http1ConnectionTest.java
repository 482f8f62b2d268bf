package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.nio.channels.SelectionKey;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Http1Connection} driven through an in-memory channel ({@link MemoryConnection}): no socket,
 * no thread, every byte written checked. The handler is non-blocking, so each exchange runs inline
 * on the (test) loop thread.
 */
class Http1ConnectionTest {
    private static final String BAD_HEAD = "GET /bad HTTP/1.1\r\nHost: t\r\nBad Field: x\r\n\r\n";
    private static final String ERROR_400 = "HTTP/1.1 400 Bad Request\r\nDate: D\r\n"
            + "Content-Type: text/plain;charset=iso-8859-1\r\nContent-Length: \\d+\r\nConnection: close\r\n\r\n400 [^\n]*\n";

    /** Answers {@code text/plain} with the request path as the body; the connector frames it. */
    private static final HttpHandler PATH = HttpHandler.nonBlocking((HttpExchange exchange) -> {
        exchange.responseFields().set("Content-Type", "text/plain");
        exchange.responseBody().write(exchange.path().getBytes(StandardCharsets.ISO_8859_1));
    });

    private MemoryConnection c;
    /** The exchange a handler left running (async), for the test to go on with. */
    private HttpExchange held;

    private MemoryConnection open() throws IOException {
        c = new MemoryConnection(ConnectorConfig.defaults(), PATH);
        return c;
    }

    @AfterEach
    void closeLoop() throws IOException {
        if (c != null) {
            c.close();
        }
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n";
    }

    /** The response {@link #PATH} gives to {@code GET path}, with the Date line as {@code Date: D}. */
    private static String ok(String path, String connection) {
        return "HTTP/1.1 200 OK\r\nDate: D\r\nContent-Length: " + path.length() + "\r\n"
                + (connection == null ? "" : "Connection: " + connection + "\r\n")
                + "Content-Type: text/plain\r\n\r\n" + path;
    }

    /** @return what the connection wrote, with every Date line as {@code Date: D} */
    private String written() {
        return c.channel.output().replaceAll("\r\nDate: [^\r]*\r\n", "\r\nDate: D\r\n");
    }

    @Test
    void statesFollowTheKeepAliveCycle() throws IOException {
        List<ConnectionState> seenByHandler = new ArrayList<>();
        c = new MemoryConnection(ConnectorConfig.defaults(), HttpHandler.nonBlocking(exchange -> {
            seenByHandler.add(c.connection.state());
            PATH.handle(exchange);
        }));
        assertThat(c.connection.state()).isEqualTo(ConnectionState.IDLE);

        c.receive("GET /a HTTP/1.1\r\nHo");
        assertThat(c.connection.state()).isEqualTo(ConnectionState.READING_HEAD);

        c.channel.feed("st: t\r\n\r\n");
        c.connection.onReady(SelectionKey.OP_READ); // the head completes, the exchange runs inline and ends
        assertThat(seenByHandler).containsExactly(ConnectionState.EXCHANGE);
        assertThat(c.connection.state()).isEqualTo(ConnectionState.HANDED_BACK);
        c.loop.runTasks();
        assertThat(c.connection.state()).isEqualTo(ConnectionState.IDLE);
        assertThat(written()).isEqualTo(ok("/a", null));

        c.channel.accept(10);
        c.receive(get("/b"));
        assertThat(c.connection.state()).isEqualTo(ConnectionState.OUTPUT_PENDING);
        c.drain();
        assertThat(c.connection.state()).isEqualTo(ConnectionState.IDLE);
        assertThat(written()).isEqualTo(ok("/a", null) + ok("/b", null));

        c.clientEnds();
        assertThat(c.connection.state()).isEqualTo(ConnectionState.CLOSED);
    }

    @Test
    void pipelinedResponsesGoOutTogetherInOneWrite() throws IOException {
        open().receive(get("/a") + get("/b") + get("/c"));

        assertThat(written()).isEqualTo(ok("/a", null) + ok("/b", null) + ok("/c", null));
        assertThat(c.channel.writes).isEqualTo(1);
        assertThat(c.isIdle()).isTrue();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }

    @Test
    void aResponseIsWrittenAtOnceWhenTheNextPipelinedHeadIsIncomplete() throws IOException {
        open().receive(get("/a") + "GET /b HTTP/1.1\r\nHo");

        assertThat(written()).isEqualTo(ok("/a", null));
        assertThat(c.channel.writes).isEqualTo(1);

        c.receive("st: t\r\n\r\n");
        assertThat(written()).isEqualTo(ok("/a", null) + ok("/b", null));
        assertThat(c.channel.writes).isEqualTo(2);
        assertThat(c.isIdle()).isTrue();
    }

    @Test
    void aPipelinedRequestWhoseBodyIsStillComingFlushesTheCorkAndIsNotCorkedItself() throws IOException {
        open().receive(get("/a") + "POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab");

        // /a goes out before /b runs (its body is incomplete); /b, answered without reading its
        // body, is not corked behind its own body's bytes
        assertThat(written()).isEqualTo(ok("/a", null) + ok("/b", null));
        assertThat(c.channel.writes).isEqualTo(2);

        // on the loop the unread rest is skipped as it arrives (within maxUnreadBodyDrain), then
        // the next request is served on the same connection
        assertThat(c.connection.isClosed()).isFalse();
        c.receive("cd" + get("/c"));
        assertThat(written()).isEqualTo(ok("/a", null) + ok("/b", null) + ok("/c", null));
        assertThat(c.connection.isClosed()).isFalse();
        assertThat(c.isIdle()).isTrue();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }

    @Test
    void anUnreadBodyAboveTheDrainBudgetStillClosesFromTheLoop() throws IOException {
        c = new MemoryConnection(ConnectorConfig.builder().maxUnreadBodyDrain(3).build(), HttpHandler.nonBlocking(PATH));
        c.receive("POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab");
        assertThat(written()).startsWith("HTTP/1.1 200 ");
        assertThat(c.connection.isClosed()).isTrue();
        assertThat(c.channel.outputShutdown).as("lingering").isTrue();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }

    @Test
    void aBadPipelinedHeadIsAnsweredBehindTheCorkedResponsesOutputPendingThenTheConnectionCloses() throws IOException {
        open().channel.accept(10); // the socket takes 10 bytes, then is full
        c.receive(get("/a") + get("/b") + BAD_HEAD);

        assertThat(c.channel.output()).hasSize(10).isEqualTo(ok("/a", null).substring(0, 10));
        assertThat(c.connection.isClosed()).isFalse();
        assertThat(c.connection.state()).isEqualTo(ConnectionState.ERROR_PENDING);
        assertThat(c.key.interestOps() & SelectionKey.OP_READ).as("reading stops").isZero();
        assertThat(c.key.interestOps() & SelectionKey.OP_WRITE).isNotZero();

        c.drain();
        assertThat(written()).startsWith(ok("/a", null) + ok("/b", null))
                .matches(java.util.regex.Pattern.quote(ok("/a", null) + ok("/b", null)) + ERROR_400);
        assertThat(c.connection.isClosed()).isTrue();
        assertThat(c.channel.outputShutdown).as("a lingering close: FIN after the 400").isTrue();
        assertThat(c.connection.state()).isEqualTo(ConnectionState.LINGERING);
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");

        c.clientEnds();
        assertThat(c.channel.closedByConnection).isTrue();
        assertThat(c.connection.state()).isEqualTo(ConnectionState.CLOSED);
        assertThat(c.connector.openConnections()).isZero();
    }

    @Test
    void aBadHeadArrivingWhileAResponseIsPendingIsAnsweredAfterIt() throws IOException {
        open().channel.accept(10);
        c.receive(get("/a"));
        assertThat(c.channel.output()).isEqualTo(ok("/a", null).substring(0, 10));

        c.receive(BAD_HEAD);
        assertThat(c.channel.output()).hasSize(10);
        assertThat(c.connection.state()).isEqualTo(ConnectionState.OUTPUT_PENDING);

        c.drain();
        assertThat(written()).matches(java.util.regex.Pattern.quote(ok("/a", null)) + ERROR_400);
        assertThat(c.connection.isClosed()).isTrue();
        assertThat(c.channel.outputShutdown).isTrue();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }

    @Test
    void aBadHeadOnAnIdleConnectionIsAnsweredAndClosesLingering() throws IOException {
        open().receive(BAD_HEAD);

        assertThat(written()).matches(ERROR_400);
        assertThat(c.channel.writes).isEqualTo(1);
        assertThat(c.channel.outputShutdown).isTrue();
        assertThat(c.channel.closedByConnection).isFalse();
        assertThat(c.loop.lists.lingering.contains(c.connection)).isTrue();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");

        c.receive("anything the client still sends is discarded");
        assertThat(c.channel.writes).isEqualTo(1);
        c.clientEnds();
        assertThat(c.channel.closedByConnection).isTrue();
        assertThat(c.loop.lists.lingering.contains(c.connection)).isFalse();
    }

    @Test
    void connectionCloseIsAnsweredThenClosedAndEverythingGoesBackToThePools() throws IOException {
        open().receive("GET /a HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");

        assertThat(written()).isEqualTo(ok("/a", "close"));
        assertThat(c.connection.isClosed()).isTrue();
        assertThat(c.channel.closedByConnection).as("nothing more may come: a plain close").isTrue();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
        assertThat(c.connector.openConnections()).isZero();
    }

    @Test
    void http10KeepAliveIsSaidAndKept() throws IOException {
        open().receive("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");

        assertThat(written()).isEqualTo(ok("/a", "keep-alive"));
        assertThat(c.isIdle()).isTrue();
    }

    @Test
    void theClientLeavingAnIdleConnectionClosesItAndReleasesEverything() throws IOException {
        open().receive(get("/a"));
        assertThat(c.isIdle()).isTrue();

        c.clientEnds();
        assertThat(written()).isEqualTo(ok("/a", null));
        assertThat(c.connection.isClosed()).isTrue();
        assertThat(c.channel.closedByConnection).isTrue();
        assertThat(c.loop.lists.all.contains(c.connection)).isFalse();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }

    @Test
    void aWriteTimeoutWithOutputPendingResetsAndReleasesEverything() throws IOException {
        open().channel.accept(10);
        c.receive(get("/a") + "GET /b HTTP/1.1\r\nHo");
        assertThat(c.channel.output()).hasSize(10);
        assertThat(c.loop.lists.writeStalled.contains(c.connection)).isTrue();

        c.connection.onWriteTimeout();
        c.loop.runTasks();
        assertThat(c.connection.isClosed()).isTrue();
        assertThat(c.channel.closedByConnection).isTrue();
        assertThat(c.channel.output()).hasSize(10);
        assertThat(c.loop.lists.all.contains(c.connection)).isFalse();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }

    /** {@code POST /up} with a Content-Length of {@code length}: the head only. */
    private static String post(int length) {
        return "POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: " + length + "\r\n\r\n";
    }

    /** Answers the number of body bytes it read with {@code readAvailable}, asking for more with {@code demand}. */
    private static final class CountingBody implements HttpHandler {
        long total;

        @Override
        public boolean isNonBlocking() {
            return true;
        }

        @Override
        public void handle(HttpExchange exchange) throws IOException {
            exchange.startAsync();
            take(exchange);
        }

        private void take(HttpExchange exchange) {
            try {
                byte[] b = new byte[16 * 1024];
                for (int n; (n = exchange.requestBody().readAvailable(b, 0, b.length)) > 0; ) {
                    total += n;
                }
                if (exchange.requestBody().isFinished()) {
                    exchange.responseBody().write(Long.toString(total).getBytes(StandardCharsets.US_ASCII));
                    exchange.complete();
                } else {
                    exchange.requestBody().demand(() -> take(exchange));
                }
            } catch (IOException e) {
                exchange.abort(e);
            }
        }
    }

    @Test
    void aHeadAndA64KiBBodyArrivingTogetherAreTakenInOneRead() throws IOException {
        CountingBody handler = new CountingBody();
        c = new MemoryConnection(ConnectorConfig.defaults(), handler);
        int length = 64 * 1024;
        c.receive(post(length) + "b".repeat(length));

        assertThat(written()).endsWith("\r\n\r\n" + length);
        assertThat(c.channel.readRooms).as("one read of the whole loop buffer").containsExactly(2 * SelectorLoop.READ_BUFFER_SIZE);
        assertThat(c.isIdle()).isTrue();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }

    @Test
    void aRunningExchangesInputFullFromOneWholeBufferReadIsNotGrownAndReadingPauses() throws IOException {
        c = new MemoryConnection(ConnectorConfig.defaults(), HttpHandler.nonBlocking(exchange -> {
            exchange.startAsync(); // reads nothing yet: the input stays full
            held = exchange;
        }));
        int capacity = 2 * SelectorLoop.READ_BUFFER_SIZE;
        int length = 300 * 1024;
        String head = post(length);
        String bodyText = "abcdefghijklmnopqrstuvwxyz".repeat(length / 26 + 1).substring(0, length);
        int first = capacity - head.length() - 100; // the first read leaves 100 bytes of room
        c.receive(head + bodyText.substring(0, first));
        assertThat(c.connection.in.remaining()).isEqualTo(first);

        c.receive(bodyText.substring(first, first + 70_000));
        assertThat(c.channel.readRooms).as("the second read takes only the room left").containsExactly(capacity, 100 + head.length());
        assertThat(c.connection.in.capacity()).as("the input did not grow past a large buffer").isEqualTo(capacity);
        assertThat(c.key.interestOps() & SelectionKey.OP_READ).as("reading pauses").isZero();

        c.connection.onReady(SelectionKey.OP_READ); // a readiness reported before the pause: nothing is read
        assertThat(c.channel.readRooms).hasSize(2);

        // the handler reads now: everything arrives in order, reading resumes, nothing stays lent
        HttpExchange x = held;
        c.channel.feed(bodyText.substring(first + 70_000)); // the rest of the body
        StringBuilder got = new StringBuilder();
        byte[] b = new byte[32 * 1024];
        for (int turns = 0; got.length() < length && turns < 100; turns++) {
            for (int n; (n = x.requestBody().readAvailable(b, 0, b.length)) > 0; ) {
                got.append(new String(b, 0, n, StandardCharsets.ISO_8859_1));
            }
            c.loop.runTasks(); // the loop watches the socket again once the input drained
            if ((c.key.interestOps() & SelectionKey.OP_READ) != 0) {
                c.connection.onReady(SelectionKey.OP_READ);
            }
        }
        assertThat(got.toString()).isEqualTo(bodyText);
        x.responseBody().write("done".getBytes(StandardCharsets.US_ASCII));
        x.complete();
        c.loop.runTasks();
        assertThat(written()).endsWith("done");
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }

    @Test
    void aPartialHeadWhenTheClientLeavesReleasesItsBuffers() throws IOException {
        open().receive("GET /a HTTP/1.1\r\nHo");
        assertThat(c.connection.in).isNotNull();

        c.clientEnds();
        assertThat(c.channel.output()).isEmpty();
        assertThat(c.connection.isClosed()).isTrue();
        assertThat(c.outstanding()).isEqualTo("exchanges=0 pages=0 responseBuffers=0");
    }
}
