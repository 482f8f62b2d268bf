package io.hawser.tests.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The echo WAR's body endpoints that the benchmark's {@code upload} and {@code download} workloads
 * drive (connector-tests/bench/workloads-bodies.sh): what a client sees from {@code /upload} and
 * {@code /download}.
 */
class EchoWarBodiesTest {
    private static final String LINE = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n";
    private static EchoWarServer server;
    private static HttpClient client;

    @BeforeAll
    static void deployEcho() throws Exception {
        server = new EchoWarServer();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static URI uri(String target) {
        return URI.create("http://127.0.0.1:" + server.port() + target);
    }

    @Test
    void uploadAnswersTheLengthOfTheBodyItRead() throws Exception {
        byte[] body = new byte[1024 * 1024 + 7];
        new Random(1).nextBytes(body);
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri("/upload"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals("1048583", r.body());
        assertEquals("7", r.headers().firstValue("Content-Length").orElse(""));
    }

    @Test
    void downloadSendsTheRepeatedLineWithItsContentLength() throws Exception {
        int size = 1024 * 1024 + 100_000; // past the end of the preallocated array: the content continues
        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(uri("/download?size=" + size + "&write=8192")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode());
        assertEquals(String.valueOf(size), r.headers().firstValue("Content-Length").orElse(""));
        assertArrayEquals(LINE.repeat(size / LINE.length() + 1).substring(0, size).getBytes(StandardCharsets.US_ASCII), r.body());
    }

    @Test
    void downloadRefusesAMissingOrBadSize() throws Exception {
        for (String target : new String[] {"/download", "/download?size=x", "/download?size=10&write=10"}) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri(target)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(400, r.statusCode(), target);
        }
    }
}
