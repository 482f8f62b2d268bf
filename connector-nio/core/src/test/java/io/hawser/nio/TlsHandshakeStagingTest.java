package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.Test;

/**
 * Plaintext yielded by handshake unwraps (application data right behind the peer's Finished) is
 * staged for the first read (tls-design §7). The JDK's engine yields it only once FINISHED, so a
 * fake engine (mockito) yields it on two handshake unwraps in a row: the first read must deliver
 * both, in order, not only the second.
 */
class TlsHandshakeStagingTest {
    private static final int APPLICATION_BUFFER = 16 * 1024;
    private final BufferPool pool = new BufferPool(17 * 1024, 16);
    private final MemoryChannel channel = MemoryChannel.scripted();

    /**
     * @param plaintexts what each handshake unwrap yields (each consumes one byte of ciphertext);
     *     after the last the handshake is done
     * @return what the first read after the handshake delivers
     */
    private String firstRead(String... plaintexts) throws IOException {
        SSLSession session = mock(SSLSession.class);
        when(session.getApplicationBufferSize()).thenReturn(APPLICATION_BUFFER);
        when(session.getPacketBufferSize()).thenReturn(APPLICATION_BUFFER + 325);
        SSLEngine engine = mock(SSLEngine.class);
        when(engine.getSession()).thenReturn(session);
        int[] unwraps = {0};
        when(engine.getHandshakeStatus()).thenAnswer(call -> unwraps[0] < plaintexts.length
                ? HandshakeStatus.NEED_UNWRAP : HandshakeStatus.FINISHED);
        when(engine.unwrap(any(ByteBuffer.class), any(ByteBuffer.class))).thenAnswer(call -> {
            ByteBuffer src = call.getArgument(0);
            ByteBuffer dst = call.getArgument(1);
            src.get();
            byte[] plain = plaintexts[unwraps[0]++].getBytes(StandardCharsets.ISO_8859_1);
            dst.put(plain);
            HandshakeStatus next = unwraps[0] < plaintexts.length ? HandshakeStatus.NEED_UNWRAP : HandshakeStatus.FINISHED;
            return new SSLEngineResult(SSLEngineResult.Status.OK, next, 1, plain.length);
        });
        // A handshake record's type (22) first, as the first-byte check wants; one byte per unwrap.
        channel.feed("\u0016" + "x".repeat(plaintexts.length - 1));
        TlsTransport tls = new TlsTransport(channel, engine, pool);

        ByteBuffer dst = ByteBuffer.allocate(64 * 1024);
        int n = tls.read(dst);
        assertThat(tls.handshakeDone()).isTrue();
        tls.releaseReadBuffers();
        return new String(dst.array(), 0, Math.max(n, 0), StandardCharsets.ISO_8859_1);
    }

    @Test
    void secondHandshakeUnwrapWithPlaintextAppendsToTheStagedBytes() throws IOException {
        assertThat(firstRead("GET / HTTP/1.1\r\n", "Host: a\r\n\r\n")).isEqualTo("GET / HTTP/1.1\r\nHost: a\r\n\r\n");
        assertThat(pool.lent()).isEqualTo(pool.returned());
    }

    @Test
    void stagedBytesLargerThanAPageAreKeptWhole() throws IOException {
        String first = "a".repeat(APPLICATION_BUFFER);
        String second = "b".repeat(APPLICATION_BUFFER);
        String got = firstRead(first, second);
        assertThat(got.length()).isEqualTo(2 * APPLICATION_BUFFER);
        assertThat(got.equals(first + second)).as("the first unwrap's bytes, then the second's").isTrue();
        assertThat(pool.lent()).isEqualTo(pool.returned());
    }
}
