package io.hawser.nio;

import java.net.Socket;
import java.nio.ByteBuffer;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A real TLS handshake between a client {@link SSLEngine} and a server engine, in memory: each
 * side's records are handed to the other until neither has anything more to say. A side that
 * fails still sends the alert it produced, so the other sees it as a peer would.
 */
final class HandshakePump {
    /** Trusts every server (the tests look at which certificate came, not at its issuer). */
    static final X509ExtendedTrustManager TRUST_ALL = new X509ExtendedTrustManager() {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    };

    /**
     * How the exchange ended.
     *
     * @param clientFailure what the client's engine threw (e.g. a received fatal alert), or {@code null}
     * @param serverFailure what the server's engine threw, or {@code null}
     */
    record Result(SSLEngine client, SSLEngine server, SSLException clientFailure, SSLException serverFailure) {
        boolean succeeded() {
            return clientFailure == null && serverFailure == null;
        }

        /** @return the CN of the certificate the server presented */
        String serverCertificateName() throws Exception {
            return ((X509Certificate) client.getSession().getPeerCertificates()[0]).getSubjectX500Principal().getName();
        }
    }

    private HandshakePump() {
    }

    /**
     * @param keys the client's key and chain, or {@code null}
     * @return a client context trusting every server
     */
    static SSLContext clientContext(KeyStore keys) throws Exception {
        KeyManager[] km = null;
        if (keys != null) {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, TestCertificates.PASSWORD);
            km = kmf.getKeyManagers();
        }
        SSLContext c = SSLContext.getInstance("TLS");
        c.init(km, new TrustManager[] {TRUST_ALL}, null);
        return c;
    }

    /**
     * @param sni the SNI host name to send, or {@code null} for none
     * @param alpn the ALPN protocols to offer; none: no ALPN extension
     * @return a client engine
     */
    static SSLEngine client(SSLContext context, String sni, String... alpn) {
        SSLEngine e = context.createSSLEngine();
        e.setUseClientMode(true);
        SSLParameters p = e.getSSLParameters();
        p.setServerNames(sni == null ? List.of() : List.of(new SNIHostName(sni)));
        p.setApplicationProtocols(alpn);
        e.setSSLParameters(p);
        return e;
    }

    /** Runs the handshake to its end (success, or a failure on either side). */
    static Result run(SSLEngine client, SSLEngine server) throws Exception {
        ByteBuffer toServer = ByteBuffer.allocate(1 << 17);
        ByteBuffer toClient = ByteBuffer.allocate(1 << 17);
        ByteBuffer scratch = ByteBuffer.allocate(1 << 17);
        Side c = new Side(client);
        Side s = new Side(server);
        client.beginHandshake();
        server.beginHandshake();
        for (int round = 0; round < 100; round++) {
            int moved = c.turn(toClient, toServer, scratch) + s.turn(toServer, toClient, scratch);
            boolean drained = toServer.position() == 0 && toClient.position() == 0;
            if (moved == 0 && (c.failure != null || s.failure != null || drained && c.done() && s.done())) {
                break;
            }
        }
        return new Result(client, server, c.failure, s.failure);
    }

    /** One engine's turn: run its tasks, send what it has, read what came. */
    private static final class Side {
        final SSLEngine engine;
        SSLException failure;

        Side(SSLEngine engine) {
            this.engine = engine;
        }

        boolean done() {
            HandshakeStatus hs = engine.getHandshakeStatus();
            return hs == HandshakeStatus.NOT_HANDSHAKING || hs == HandshakeStatus.FINISHED;
        }

        /** @return bytes produced plus consumed */
        int turn(ByteBuffer in, ByteBuffer out, ByteBuffer scratch) {
            int moved = 0;
            try {
                moved += wrapAll(out);
                if (failure == null) {
                    in.flip();
                    try {
                        while (in.hasRemaining()) {
                            scratch.clear();
                            SSLEngineResult r = engine.unwrap(in, scratch);
                            runTasks();
                            moved += r.bytesConsumed();
                            if (r.getStatus() != SSLEngineResult.Status.OK || r.bytesConsumed() == 0) {
                                break;
                            }
                        }
                    } finally {
                        in.compact();
                    }
                    moved += wrapAll(out);
                }
            } catch (SSLException e) {
                if (failure == null) {
                    failure = e;
                }
                try {
                    moved += wrapAll(out); // the alert
                } catch (SSLException ignored) {
                    // nothing more to send
                }
            }
            return moved;
        }

        private int wrapAll(ByteBuffer out) throws SSLException {
            int produced = 0;
            for (int i = 0; i < 20; i++) {
                runTasks();
                SSLEngineResult r = engine.wrap(ByteBuffer.allocate(0), out);
                runTasks();
                produced += r.bytesProduced();
                if (r.bytesProduced() == 0 || r.getStatus() != SSLEngineResult.Status.OK) {
                    break;
                }
            }
            return produced;
        }

        private void runTasks() {
            Runnable t;
            while ((t = engine.getDelegatedTask()) != null) {
                t.run();
            }
        }
    }
}
