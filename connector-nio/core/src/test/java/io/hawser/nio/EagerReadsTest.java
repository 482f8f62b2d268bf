package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link EagerReads}: a loop reads new sockets at once while such reads find their requests, stops
 * after they find nothing (probing every eighth), and starts again when probes find requests; a
 * socket not read at once is served from its readiness event all the same.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EagerReadsTest {

    private static int readsAtOnce(EagerReads e, int sockets) {
        int n = 0;
        for (int i = 0; i < sockets; i++) {
            if (e.readAtOnce()) {
                n++;
            }
        }
        return n;
    }

    @Test
    void aNewLoopReadsAtOnceAndKeepsDoingSoWhileTheReadsFindRequests() {
        EagerReads e = new EagerReads();
        for (int i = 0; i < 100; i++) {
            assertThat(e.readAtOnce()).isTrue();
            e.record(true);
        }
    }

    @Test
    void twoEmptyReadsInARowStopItThenOneSocketInEightIsStillTried() {
        EagerReads e = new EagerReads();
        e.record(false);
        assertThat(e.readAtOnce()).as("one empty read is not enough").isTrue();
        e.record(false);
        for (int round = 0; round < 3; round++) {
            for (int i = 1; i < EagerReads.PROBE_EVERY; i++) {
                assertThat(e.readAtOnce()).as("socket %d after the probe", i).isFalse();
            }
            assertThat(e.readAtOnce()).as("the probe").isTrue();
            e.record(false);
        }
    }

    @Test
    void probesThatFindRequestsTurnReadingAtOnceBackOn() {
        EagerReads e = new EagerReads();
        for (int i = 0; i < 5; i++) {
            e.record(false);
        }
        assertThat(readsAtOnce(e, EagerReads.PROBE_EVERY)).isEqualTo(1);
        e.record(true); // the probe found its request: the score is 1, still below
        assertThat(readsAtOnce(e, EagerReads.PROBE_EVERY)).isEqualTo(1);
        e.record(true); // a second one: at the threshold
        assertThat(readsAtOnce(e, 20)).isEqualTo(20);
    }

    @Test
    void aLoopThatStoppedReadingAtOnceStillServesNewConnectionsFromTheirReadiness() throws Exception {
        NioConnector server = LoopClient.start(1, LoopClient.hello());
        List<Socket> silent = new ArrayList<>();
        try {
            int port = server.port();
            // Connections that send nothing: the loop's reads at once find nothing, and it stops making them.
            for (int i = 0; i < 2 * EagerReads.PROBE_EVERY; i++) {
                Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
                silent.add(s);
            }
            // Every request after them is still answered, read at once (a probe) or from readiness,
            // whether it comes with the connection or a little later.
            for (int i = 0; i < 3 * EagerReads.PROBE_EVERY; i++) {
                try (Socket s = new Socket()) {
                    s.setSoTimeout(10_000);
                    s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
                    if (i % 2 == 1) {
                        Thread.sleep(20);
                    }
                    s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    InputStream in = s.getInputStream();
                    String response = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                    assertThat(response).as("request %d", i).startsWith("HTTP/1.1 200 ").endsWith("hello");
                }
            }
        } finally {
            for (Socket s : silent) {
                s.close();
            }
            server.stop(Duration.ZERO);
        }
    }
}
