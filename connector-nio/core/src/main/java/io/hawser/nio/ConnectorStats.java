package io.hawser.nio;

/**
 * A snapshot of a connector's connection lists and fired timeouts, summed over its selector loops
 * (for metrics and tests). Counts are connections; timeouts are totals since start.
 */
public final class ConnectorStats {
    private final long[] values;

    ConnectorStats(long[] values) {
        this.values = values.clone();
    }

    /** @return open connections (the {@code all} lists) */
    public long connections() {
        return values[0];
    }

    /** @return connections waiting for the end of a field section */
    public long receivingHeaders() {
        return values[1];
    }

    /** @return connections whose request has not been fully received */
    public long receivingRequest() {
        return values[2];
    }

    /** @return idle persistent connections */
    public long idle() {
        return values[3];
    }

    /** @return connections with a stalled response write */
    public long writeStalled() {
        return values[4];
    }

    /** @return headersTimeout expiries (408 and close) */
    public long headersTimeouts() {
        return values[5];
    }

    /** @return requestTimeout expiries */
    public long requestTimeouts() {
        return values[6];
    }

    /** @return keepAliveTimeout expiries (quiet close) */
    public long idleTimeouts() {
        return values[7];
    }

    /** @return writeTimeout expiries (abort) */
    public long writeTimeouts() {
        return values[8];
    }

    /** @return TLS connections whose handshake is not done yet */
    public long handshaking() {
        return values[9];
    }

    /** @return tlsHandshakeTimeout expiries (quiet close) */
    public long tlsHandshakeTimeouts() {
        return values[10];
    }

    /** @return connections whose PROXY protocol header is not complete yet */
    public long awaitingProxyHeader() {
        return values[11];
    }

    /** @return PROXY protocol headerTimeout expiries (quiet close) */
    public long proxyHeaderTimeouts() {
        return values[12];
    }

    /** @return connections that switched protocols (after a 101, e.g. WebSockets) */
    public long upgraded() {
        return values[13];
    }

    /** @return upgradedIdleTimeout expiries (quiet close) */
    public long upgradedIdleTimeouts() {
        return values[14];
    }

    static long[] of(ConnectionLists lists) {
        return new long[] {lists.all.size(), lists.headers.size(), lists.request.size(), lists.idle.size(),
            lists.writeStalled.size(), lists.headersTimeouts, lists.requestTimeouts, lists.idleTimeouts,
            lists.writeTimeouts, lists.tlsHandshake.size(), lists.tlsHandshakeTimeouts,
            lists.proxyHeader.size(), lists.proxyHeaderTimeouts,
            lists.upgraded.size(), lists.upgradedIdleTimeouts};
    }

    @Override
    public String toString() {
        return "connections=" + connections() + " headers=" + receivingHeaders() + " request=" + receivingRequest()
                + " idle=" + idle() + " writeStalled=" + writeStalled() + " handshaking=" + handshaking()
                + " upgraded=" + upgraded()
                + " timeouts(headers=" + headersTimeouts() + " request=" + requestTimeouts() + " idle=" + idleTimeouts()
                + " write=" + writeTimeouts() + " tlsHandshake=" + tlsHandshakeTimeouts()
                + " proxyHeader=" + proxyHeaderTimeouts()
                + " upgraded=" + upgradedIdleTimeouts() + ")";
    }
}
