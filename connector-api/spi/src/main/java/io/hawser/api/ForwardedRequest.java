package io.hawser.api;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The original request as proxies in front describe it: the client's address and port, the scheme,
 * host and port the client used, and a path prefix the proxy removed. Computed once per request by
 * {@link #of}, from RFC 7239 {@code Forwarded} and/or the de-facto {@code X-Forwarded-For},
 * {@code -Proto}, {@code -Host}, {@code -Port} and {@code -Prefix} fields, and only when the direct
 * peer is one of the {@link TrustedProxies}; otherwise (and with no such fields) every value is the
 * connection's own and the fields are left for the application to read, untouched.
 *
 * <p>The client is found as Tomcat's {@code RemoteIpValve} and Jetty's
 * {@code ForwardedRequestCustomizer} find it: the address list ({@code X-Forwarded-For} entries, or
 * the {@code for=} of {@code Forwarded} elements) is walked from the right, skipping trusted hops;
 * the first untrusted one is the client (all trusted: the leftmost). A node {@code unknown} or
 * obfuscated ({@code _name}, RFC 7239 §6.3) stops the walk at the nearest known address. Scheme and
 * host come from the element where the walk stopped ({@code Forwarded}: that element's
 * {@code proto}/{@code host}); an {@code X-Forwarded-Proto}/{@code -Host}/{@code -Port} list with
 * one value per {@code X-Forwarded-For} entry gives the value at the client's position, any other
 * list its last value (the one the trusted peer wrote).
 *
 * <p>All or nothing: every address at or to the right of the client's position, and every value
 * used, is checked, and any that is malformed (an address that is not an IP literal, a port outside 1..65535, a proto other
 * than {@code http}/{@code https}, a host with characters outside RFC 3986's {@code host}, a prefix
 * not starting with {@code /} or with dot segments, {@code Forwarded} syntax) makes {@link #of}
 * throw a 400 before anything is applied. Entries beyond the client (left of it) were written by
 * nobody the server trusts and are ignored.
 */
public final class ForwardedRequest {
    /** Which fields are believed. */
    public enum Fields {
        /** RFC 7239 {@code Forwarded} only. */
        RFC7239,
        /** {@code X-Forwarded-For/-Proto/-Host/-Port/-Prefix} only (the default: what most load balancers write). */
        X_FORWARDED,
        /**
         * {@code Forwarded} when the request has one, else the {@code X-Forwarded-*} fields
         * ({@code X-Forwarded-Prefix} in both cases); only safe when the proxy removes or
         * overwrites both kinds.
         */
        BOTH
    }

    private final String remoteAddress;
    private final int remotePort;
    private final String scheme;
    private final boolean schemeForwarded;
    private final String host;
    private final int port;
    private final String prefix;
    private final boolean forwarded;

    private ForwardedRequest(String remoteAddress, int remotePort, String scheme, boolean schemeForwarded, String host,
            int port, String prefix, boolean forwarded) {
        this.remoteAddress = remoteAddress;
        this.remotePort = remotePort;
        this.scheme = scheme;
        this.schemeForwarded = schemeForwarded;
        this.host = host;
        this.port = port;
        this.prefix = prefix;
        this.forwarded = forwarded;
    }

    /**
     * @param exchange the request
     * @param trusted the proxies whose fields are believed
     * @param fields which fields
     * @return the original request, or the connection's own values when the peer is not trusted or
     *     sent no forwarded field
     * @throws BadMessageException (400) when a trusted proxy sent a malformed value (see the class
     *     comment); nothing is applied then
     */
    public static ForwardedRequest of(HttpExchange exchange, TrustedProxies trusted, Fields fields)
            throws BadMessageException {
        return of(exchange.remoteAddress(), exchange.isSecure(), exchange.requestFields(), trusted, fields);
    }

    /**
     * The same, from the parts of an exchange.
     *
     * @param peer the connection's peer
     * @param secure whether the connection is TLS
     * @param in the request's field section
     * @param trusted the proxies whose fields are believed
     * @param fields which fields
     * @return the original request, or the connection's own values
     * @throws BadMessageException (400) when a trusted proxy sent a malformed value
     */
    public static ForwardedRequest of(InetSocketAddress peer, boolean secure, HttpFields in, TrustedProxies trusted,
            Fields fields) throws BadMessageException {
        if (trusted.isEmpty() || peer.getAddress() == null || !trusted.contains(peer.getAddress())) {
            return direct(peer, secure);
        }
        Resolver r = new Resolver(trusted, literal(peer), peer.getPort());
        boolean rfc = fields == Fields.RFC7239 || fields == Fields.BOTH && in.contains("Forwarded");
        if (rfc) {
            r.forwarded(ForwardedElements.parse(in.getAll("Forwarded")));
        } else {
            r.xForwarded(in);
        }
        String prefix = fields == Fields.RFC7239 ? "" : prefix(last(in, "X-Forwarded-Prefix"));
        if (!r.touched && prefix.isEmpty()) {
            return direct(peer, secure);
        }
        String scheme = r.proto != null ? r.proto : secure ? "https" : "http";
        int port = r.port;
        if (port < 0 && (r.proto != null || r.host != null)) {
            port = scheme.equals("https") ? 443 : 80;
        }
        return new ForwardedRequest(r.address, r.addressPort, scheme, r.proto != null, r.host, port, prefix, true);
    }

    /** @return the connection's own values: nothing forwarded */
    public static ForwardedRequest direct(HttpExchange exchange) {
        return direct(exchange.remoteAddress(), exchange.isSecure());
    }

    private static ForwardedRequest direct(InetSocketAddress peer, boolean secure) {
        return new ForwardedRequest(literal(peer), peer.getPort(), secure ? "https" : "http", false, null, -1, "", false);
    }

    /** @return whether any forwarded value applies (a trusted peer sent at least one field) */
    public boolean isForwarded() {
        return forwarded;
    }

    /** @return the client's IP address as a literal (IPv6 without brackets) */
    public String remoteAddress() {
        return remoteAddress;
    }

    /** @return the client's port: the connection's, the forwarded one, or 0 when a proxy gave an address without one */
    public int remotePort() {
        return remotePort;
    }

    /** @return {@code http} or {@code https}: forwarded, else the connection's */
    public String scheme() {
        return scheme;
    }

    /** @return whether the scheme came from a proxy */
    public boolean isSchemeForwarded() {
        return schemeForwarded;
    }

    /** @return whether the original request was {@code https} */
    public boolean isSecure() {
        return scheme.equals("https");
    }

    /** @return the host the client addressed (IPv6 in brackets, no port), or {@code null} when not forwarded (then: the Host field) */
    public String host() {
        return host;
    }

    /**
     * @return the port the client addressed, or -1 when not forwarded (then: the Host field's);
     *     a forwarded scheme or host without a port gives that scheme's default port
     */
    public int port() {
        return port;
    }

    /** @return the path prefix the proxy removed ({@code X-Forwarded-Prefix}, no trailing {@code /}), or {@code ""} */
    public String prefix() {
        return prefix;
    }

    private static String literal(InetSocketAddress a) {
        return a.getAddress() == null ? a.getHostString() : a.getAddress().getHostAddress();
    }

    static String last(HttpFields in, String name) {
        List<String> values = ForwardedValues.list(in, name);
        return values.isEmpty() ? null : values.get(values.size() - 1);
    }

    private static String prefix(String value) throws BadMessageException {
        if (value == null) {
            return "";
        }
        if (!value.startsWith("/") || value.contains("//") || value.contains("/./") || value.contains("/../")
                || value.endsWith("/.") || value.endsWith("/..") || !ForwardedValues.isPathChars(value)) {
            throw new BadMessageException(400, "malformed X-Forwarded-Prefix");
        }
        return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    }

    /** The walk over one request's forwarded values. */
    private static final class Resolver {
        final TrustedProxies trusted;
        String address;
        int addressPort;
        String proto;
        String host;
        int port = -1;
        boolean touched;

        Resolver(TrustedProxies trusted, String peer, int peerPort) {
            this.trusted = trusted;
            this.address = peer;
            this.addressPort = peerPort;
        }

        void forwarded(List<Map<String, String>> elements) throws BadMessageException {
            int at = walk(elements.stream().map(e -> e.get("for")).toList(), "Forwarded for");
            if (at < 0) {
                return;
            }
            Map<String, String> e = elements.get(at);
            proto(e.get("proto"));
            host(e.get("host"));
        }

        void xForwarded(HttpFields in) throws BadMessageException {
            List<String> chain = ForwardedValues.list(in, "X-Forwarded-For");
            int at = walk(chain, "X-Forwarded-For");
            proto(pick(ForwardedValues.list(in, "X-Forwarded-Proto"), chain.size(), at));
            host(pick(ForwardedValues.list(in, "X-Forwarded-Host"), chain.size(), at));
            String p = pick(ForwardedValues.list(in, "X-Forwarded-Port"), chain.size(), at);
            if (p != null) {
                port = ForwardedValues.port(p, "X-Forwarded-Port");
                touched = true;
            }
        }

        /** @return the value matching the client's entry when the list is parallel to the address chain, else the last */
        private static String pick(List<String> values, int chainSize, int at) {
            if (values.isEmpty()) {
                return null;
            }
            return values.size() == chainSize && at >= 0 ? values.get(at) : values.get(values.size() - 1);
        }

        /**
         * @param nodes the address nodes, left to right ({@code null}: an element without {@code for})
         * @return the index where the walk stopped, or -1 for an empty list
         */
        private int walk(List<String> nodes, String what) throws BadMessageException {
            for (int i = nodes.size() - 1; i >= 0; i--) {
                touched = true;
                String node = nodes.get(i);
                if (node == null || node.equalsIgnoreCase("unknown") || node.startsWith("_")) {
                    if (node != null && node.startsWith("_") && !ForwardedValues.isObfuscated(node)) {
                        throw new BadMessageException(400, "malformed " + what);
                    }
                    return i;
                }
                ForwardedValues.Node n = ForwardedValues.node(node, what);
                address = n.address();
                addressPort = n.port();
                if (!trusted.contains(n.bytes())) {
                    return i;
                }
            }
            return nodes.isEmpty() ? -1 : 0;
        }

        private void proto(String value) throws BadMessageException {
            if (value == null) {
                return;
            }
            String p = value.toLowerCase(Locale.ROOT);
            if (!p.equals("http") && !p.equals("https")) {
                throw new BadMessageException(400, "forwarded proto must be http or https");
            }
            proto = p;
            touched = true;
        }

        private void host(String value) throws BadMessageException {
            if (value == null) {
                return;
            }
            String[] hostPort = ForwardedValues.hostAndPort(value);
            host = hostPort[0];
            if (hostPort[1] != null && port < 0) {
                port = ForwardedValues.port(hostPort[1], "forwarded host");
            }
            touched = true;
        }
    }

    @Override
    public String toString() {
        return "ForwardedRequest[" + remoteAddress + ":" + remotePort + " " + scheme + "://" + host + ":" + port + prefix
                + "]";
    }
}
