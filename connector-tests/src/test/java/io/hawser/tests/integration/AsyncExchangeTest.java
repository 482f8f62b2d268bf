package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpExchange;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link HttpExchange#startAsync()} and {@link HttpExchange#complete()} from other threads: the
 * exchange lives on after the handler returns, and the connection serves the next request only
 * once it is complete.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AsyncExchangeTest {
    private final ExecutorService app = Executors.newCachedThreadPool();

    @AfterEach
    void stopApp() {
        app.shutdownNow();
    }

    private static void write(HttpExchange exchange, String text) throws IOException {
        exchange.responseBody().write(text.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void completesFromAnotherThreadAfterTheHandlerReturned() throws Exception {
        NioConnector server = RawHttp.start(exchange -> {
            exchange.startAsync();
            app.submit(() -> {
                Thread.sleep(50);
                write(exchange, "async " + exchange.path());
                exchange.complete();
                return null;
            });
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            for (int i = 0; i < 5; i++) {
                RawHttp.Response r = c.send("GET /r" + i + " HTTP/1.1\r\nHost: t\r\n\r\n").read();
                assertThat(r.status).isEqualTo(200);
                assertThat(r.bodyText()).isEqualTo("async /r" + i);
            }
            // pipelined: each waits for the previous one to complete
            c.send("GET /p1 HTTP/1.1\r\nHost: t\r\n\r\nGET /p2 HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(c.read().bodyText()).isEqualTo("async /p1");
            assertThat(c.read().bodyText()).isEqualTo("async /p2");
        } finally {
            server.close();
        }
    }

    @Test
    void aLateSecondCompleteDoesNotEndTheNextExchange() throws Exception {
        // HttpExchange.complete() is documented as idempotent and callable from any thread. Here the
        // application completes /first twice (say, from its normal path and from a timeout path), and
        // the second call comes after the client already sent /second on the same connection.
        CountDownLatch secondStarted = new CountDownLatch(1);
        NioConnector server = RawHttp.start(exchange -> {
            exchange.startAsync();
            if (exchange.path().equals("/first")) {
                app.submit(() -> {
                    write(exchange, "first");
                    exchange.complete();
                    secondStarted.await(2, TimeUnit.SECONDS);
                    exchange.complete(); // must be a no-op: /first has ended
                    return null;
                });
            } else {
                secondStarted.countDown();
                app.submit(() -> {
                    Thread.sleep(100);
                    write(exchange, "second");
                    exchange.complete();
                    return null;
                });
            }
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            assertThat(c.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n").read().bodyText()).isEqualTo("first");
            RawHttp.Response second = c.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(second.bodyText()).as("body of /second").isEqualTo("second");
        } finally {
            server.close();
        }
    }

    @Test
    void keepsEveryResponseIntactWhenAnotherThreadCompletesAtOnce() throws Exception {
        // The realistic form of the race below: the application completes on its own thread as soon
        // as it can, sometimes before handle() has returned. Every response must still be intact.
        NioConnector server = RawHttp.start(exchange -> {
            exchange.startAsync();
            app.submit(() -> {
                write(exchange, "done " + exchange.path());
                exchange.complete();
                return null;
            });
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            for (int i = 0; i < 300; i++) {
                RawHttp.Response r = c.send("GET /q" + i + " HTTP/1.1\r\nHost: t\r\n\r\n").read();
                assertThat(r.bodyText()).as("response %s", i).isEqualTo("done /q" + i);
            }
        } finally {
            server.close();
        }
    }

    @Test
    void aCompleteBeforeTheHandlerReturnsDoesNotEndTheNextExchange() throws Exception {
        // The handler of /a hands the exchange to another thread, which completes it while handle()
        // is still running (HttpExchange allows complete() from any thread at any time). The client
        // then sends /b on the same connection. When /a's handle() finally returns, the connector
        // must not treat that return as the end of /b.
        CountDownLatch bStarted = new CountDownLatch(1);
        CountDownLatch aReturned = new CountDownLatch(1);
        AtomicReference<Throwable> bFailure = new AtomicReference<>();
        NioConnector server = RawHttp.start(exchange -> {
            if (exchange.path().equals("/a")) {
                try {
                    exchange.startAsync();
                    write(exchange, "A");
                    Thread completer = new Thread(exchange::complete);
                    completer.start();
                    completer.join(2_000);
                    bStarted.await(2, TimeUnit.SECONDS);
                } finally {
                    aReturned.countDown();
                }
            } else {
                bStarted.countDown();
                aReturned.await(2, TimeUnit.SECONDS);
                Thread.sleep(100);
                try {
                    write(exchange, "B");
                } catch (IOException e) {
                    bFailure.set(e);
                    throw e;
                }
            }
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            RawHttp.Response a = c.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(a.bodyText()).isEqualTo("A");
            RawHttp.Response b = c.send("GET /b HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(b.status).isEqualTo(200);
            assertThat(b.bodyText()).as("body of /b (write failure in /b's handler: %s)", bFailure.get()).isEqualTo("B");
        } finally {
            server.close();
        }
    }
}
