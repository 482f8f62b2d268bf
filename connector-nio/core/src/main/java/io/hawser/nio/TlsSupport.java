package io.hawser.nio;

import io.hawser.api.TlsConfig;
import java.io.IOException;

/** Makes the engines of the TLS listeners from {@link TlsConfig} (replaced by TlsContext on merge). */
final class TlsSupport {
    private TlsSupport() {
    }

    static io.hawser.api.TlsInfo info(javax.net.ssl.SSLEngine engine) {
        javax.net.ssl.SSLSession s = engine.getSession();
        return new io.hawser.api.TlsInfo(s.getProtocol(), s.getCipherSuite(), 0, "", null, null, engine.getApplicationProtocol());
    }

    static TlsEngines engines(TlsConfig config) throws IOException {
        throw new IOException("TLS context pending (branch tlskeys)");
    }
}
