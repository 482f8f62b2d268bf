package io.hawser.servlet;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import jakarta.servlet.ServletConnection;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Where a request came from and was addressed to (Servlet 6.1 §3.6 and {@code ServletRequest}: {@code getServerName},
 * {@code getRequestURL}, {@code getRemoteAddr}...), and small views of field sections: the server
 * name and port come from {@code Host} (RFC 9112 §3.2), else the local address; addresses are never
 * resolved to names.
 */
final class RequestAddresses {
    private RequestAddresses() {
    }

    /** @return the literal address, IPv6 without brackets */
    static String literal(InetSocketAddress address) {
        return address.getAddress() == null ? address.getHostString() : address.getAddress().getHostAddress();
    }

    /** @return the server name: the Host field's host, else the local address (IPv6 in brackets) */
    static String serverName(HostAuthority host, HttpExchange exchange) {
        if (host != null) {
            return host.host();
        }
        String local = literal(exchange.localAddress());
        return local.indexOf(':') >= 0 ? "[" + local + "]" : local;
    }

    /**
     * @return the server port: the Host field's (when it has none the scheme's default, 443 for
     *     {@code https} and 80 for {@code http}, RFC 9110 §4.2), else the local port
     */
    static int serverPort(HostAuthority host, HttpExchange exchange) {
        if (host != null) {
            return host.port() >= 0 ? host.port() : exchange.isSecure() ? 443 : 80;
        }
        return exchange.localAddress().getPort();
    }

    /**
     * @param scheme {@code http} or {@code https}
     * @param port a port
     * @return whether it is the scheme's default port (RFC 9110 §4.2.1, §4.2.2), left out of URLs
     */
    static boolean isDefaultPort(String scheme, int port) {
        return port == 80 && scheme.equals("http") || port == 443 && scheme.equals("https");
    }

    /** @return scheme://host[:port] + uri, the port left out when it is the scheme's default */
    static StringBuffer requestUrl(HttpServletRequest request, String uri) {
        String scheme = request.getScheme();
        StringBuffer url = new StringBuffer(64).append(scheme).append("://").append(request.getServerName());
        int port = request.getServerPort();
        if (port > 0 && !isDefaultPort(scheme, port)) {
            url.append(':').append(port);
        }
        return url.append(uri);
    }

    /** @return the field-names of a section, first spelling of each, case-insensitively distinct */
    static List<String> distinctNames(HttpFields fields) {
        Set<String> seen = new HashSet<>();
        List<String> names = new ArrayList<>(fields.size());
        for (int i = 0, n = fields.size(); i < n; i++) {
            String name = fields.name(i);
            if (seen.add(name.toLowerCase(Locale.ROOT))) {
                names.add(name);
            }
        }
        return names;
    }

    /** @return lower-case name → values joined with {@code ,} (RFC 9110 §5.3), for {@code getTrailerFields} */
    static Map<String, String> toMap(HttpFields fields) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0, n = fields.size(); i < n; i++) {
            map.merge(fields.name(i).toLowerCase(Locale.ROOT), fields.value(i), (a, b) -> a + "," + b);
        }
        return map;
    }

    /**
     * @return the {@link ServletConnection} of the exchange: id {@code remote-ip:port-localport},
     *     HTTP/1.1, secure when it arrived over TLS
     */
    static ServletConnection connection(HttpExchange exchange) {
        boolean secure = exchange.isSecure();
        String id = literal(exchange.remoteAddress()) + ":" + exchange.remoteAddress().getPort() + "-"
                + exchange.localAddress().getPort();
        return new ServletConnection() {
            @Override
            public String getConnectionId() {
                return id;
            }

            @Override
            public String getProtocol() {
                return "http/1.1";
            }

            @Override
            public String getProtocolConnectionId() {
                return "";
            }

            @Override
            public boolean isSecure() {
                return secure;
            }
        };
    }
}
