package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.nio.NioConnector;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ResponseBody.sendFile}: a file goes out exactly, after what was written before it, with
 * Content-Length framing (zero-copy {@code transferTo}) and without (copied, chunked); HEAD sends none of it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SendFileTest {
    private static final int SIZE = 10 * 1024 * 1024 + 7;
    @TempDir
    static Path dir;
    private static Path file;
    private static byte[] content;
    private static NioConnector server;
    private static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        content = new byte[SIZE];
        new Random(42).nextBytes(content);
        file = dir.resolve("big.bin");
        Files.write(file, content);
        server = RawHttp.start(exchange -> {
            if (exchange.path().equals("/small")) { // fits the response buffer: read straight into it
                exchange.responseFields().set("Content-Length", "1005");
                exchange.responseBody().write("head:".getBytes());
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                    exchange.responseBody().sendFile(ch, 777, 1000);
                }
                return;
            }
            if (exchange.path().equals("/past-the-end")) { // a small span past the file's end
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                    exchange.responseBody().sendFile(ch, SIZE - 10, 100);
                }
                return;
            }
            boolean declared = exchange.path().equals("/declared");
            long from = 1000;
            long count = SIZE - from;
            if (declared) {
                exchange.responseFields().set("Content-Length", Long.toString(count + 5));
            }
            exchange.responseBody().write("head:".getBytes());
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                exchange.responseBody().sendFile(ch, from, count);
            }
        });
        client = new HttpClient();
        client.setMaxConnectionsPerDestination(1);
        client.start();
    }

    @AfterAll
    static void stop() throws Exception {
        client.stop();
        server.close();
    }

    /** Sends and buffers the whole response (beyond jetty-client's 2 MiB default for {@code send()}). */
    private static ContentResponse send(Request request) throws Exception {
        return new CompletableResponseListener(request.timeout(30, TimeUnit.SECONDS), 32 << 20).send()
                .get(30, TimeUnit.SECONDS);
    }

    private static byte[] expected() {
        byte[] e = new byte[5 + SIZE - 1000];
        System.arraycopy("head:".getBytes(), 0, e, 0, 5);
        System.arraycopy(content, 1000, e, 5, SIZE - 1000);
        return e;
    }

    @Test
    void aFileWithContentLengthArrivesExactlyAfterTheBufferedBytes() throws Exception {
        ContentResponse r = send(client.newRequest("http://127.0.0.1:" + server.port() + "/declared"));
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo(Integer.toString(SIZE - 1000 + 5));
        assertThat(RawHttp.sha256Hex(r.getContent())).isEqualTo(RawHttp.sha256Hex(expected()));
        // the connection stays usable: the next response on it is framed right
        ContentResponse again = send(client.newRequest("http://127.0.0.1:" + server.port() + "/declared"));
        assertThat(again.getContent()).hasSize(SIZE - 1000 + 5);
    }

    @Test
    void aSmallFileIsSentExactlyAfterTheBufferedBytesAndAShortOneFails() throws Exception {
        ContentResponse r = send(client.newRequest("http://127.0.0.1:" + server.port() + "/small"));
        assertThat(r.getStatus()).isEqualTo(200);
        byte[] e = new byte[1005];
        System.arraycopy("head:".getBytes(), 0, e, 0, 5);
        System.arraycopy(content, 777, e, 5, 1000);
        assertThat(r.getContent()).isEqualTo(e);
        assertThat(send(client.newRequest("http://127.0.0.1:" + server.port() + "/past-the-end")).getStatus())
                .as("the file ended early: nothing committed yet, so 500").isEqualTo(500);
    }

    @Test
    void aFileWithoutContentLengthIsCopiedChunked() throws Exception {
        ContentResponse r = send(client.newRequest("http://127.0.0.1:" + server.port() + "/chunked"));
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().get(HttpHeader.TRANSFER_ENCODING)).isEqualTo("chunked");
        assertThat(RawHttp.sha256Hex(r.getContent())).isEqualTo(RawHttp.sha256Hex(expected()));
    }

    @Test
    void headGetsTheLengthButNoneOfTheFile() throws Exception {
        ContentResponse r = send(client.newRequest("http://127.0.0.1:" + server.port() + "/declared").method(HttpMethod.HEAD));
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo(Integer.toString(SIZE - 1000 + 5));
        assertThat(r.getContent()).isEmpty();
        ContentResponse after = send(client.newRequest("http://127.0.0.1:" + server.port() + "/declared"));
        assertThat(after.getContent()).hasSize(SIZE - 1000 + 5);
    }
}
