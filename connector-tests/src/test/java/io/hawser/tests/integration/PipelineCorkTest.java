package io.hawser.tests.integration;

import static io.hawser.tests.integration.RawHttp.ascii;
import static io.hawser.tests.integration.RawHttp.sha256Hex;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.nio.NioConnector;
import io.hawser.samples.embedded.SampleHandler;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cork (RFC 9112 §9.3.2 pipelining): a finished response waits only while another complete
 * request is ready to run. Behind it an incomplete request (a partial head, a partial body, or the
 * unread rest of the finished request's own body) must not hold it back: the default
 * requestTimeout is five minutes, and each read here fails after {@link RawHttp#READ_TIMEOUT_MILLIS}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PipelineCorkTest {
    private static NioConnector server;

    @BeforeAll
    static void start() throws IOException {
        server = RawHttp.start(new SampleHandler());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /**
     * @param behind what follows a complete {@code GET /plaintext} in the same write, and (after
     *     {@code |}) what completes it later
     */
    @ParameterizedTest
    @ValueSource(strings = {
        // a partial head
        "POST /echo HTTP/1.1\r\nHo|st: t\r\nContent-Length: 5\r\n\r\nabcde",
        "P|OST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nabcde",
        // a complete head with a partial Content-Length body
        "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nab|cde",
        "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n|abcde",
        // a complete head with a partial chunked body
        "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab|cde\r\n0\r\n\r\n",
        "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n|0\r\n\r\n",
    })
    void writesAFinishedResponseAtOnceWhenTheNextPipelinedRequestIsIncomplete(String behind) throws IOException {
        int cut = behind.indexOf('|');
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n" + behind.substring(0, cut));
            RawHttp.Response first = c.read();
            assertThat(first.status).isEqualTo(200);
            assertThat(first.bodyText()).isEqualTo("Hello, World!");

            c.send(behind.substring(cut + 1));
            RawHttp.Response second = c.read();
            assertThat(second.status).isEqualTo(200);
            assertThat(second.echoed("body-sha256")).isEqualTo(sha256Hex(ascii("abcde")));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Content-Length: 5\r\n\r\nab|cde", "Transfer-Encoding: chunked\r\n\r\n5\r\nab|cde\r\n0\r\n\r\n"})
    void writesAResponseAtOnceWhileItsOwnUnreadBodyIsIncomplete(String framingAndBody) throws IOException {
        int cut = framingAndBody.indexOf('|');
        try (RawHttp c = RawHttp.connect(server.port())) {
            // /status/ never reads the body: the connector skips it after the response
            c.send("POST /status/201 HTTP/1.1\r\nHost: t\r\n" + framingAndBody.substring(0, cut));
            assertThat(c.read().status).isEqualTo(201);

            c.send(framingAndBody.substring(cut + 1) + "GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(c.read().bodyText()).isEqualTo("Hello, World!");
        }
    }

    @org.junit.jupiter.api.Test
    void stillWritesCompletePipelinedRequestsInOrder() throws IOException {
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nabcde"
                    + "GET /echo?last HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(c.read().bodyText()).isEqualTo("Hello, World!");
            assertThat(c.read().echoed("body-sha256")).isEqualTo(sha256Hex(ascii("abcde")));
            assertThat(c.read().echoed("target")).isEqualTo("/echo?last");
        }
    }
}
