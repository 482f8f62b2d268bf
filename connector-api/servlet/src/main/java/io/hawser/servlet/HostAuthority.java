package io.hawser.servlet;

/**
 * The host and port of a {@code Host} field value (RFC 9110 §7.2): {@code name}, {@code name:port},
 * {@code [v6]} or {@code [v6]:port}. What {@code getServerName}/{@code getServerPort} report
 * ({@code ServletRequest.getServerName}, RFC 9112 §3.2).
 *
 * @param host the host, IPv6 literals with their brackets
 * @param port the port, or -1 when the value has none
 */
record HostAuthority(String host, int port) {

    /**
     * @param value a Host value, or {@code null}
     * @return the authority, or {@code null} when absent, empty or malformed
     */
    static HostAuthority parse(String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        String host = value;
        String port = null;
        if (value.charAt(0) == '[') {
            int close = value.indexOf(']');
            if (close < 0) {
                return null;
            }
            host = value.substring(0, close + 1);
            if (close + 1 < value.length()) {
                if (value.charAt(close + 1) != ':') {
                    return null;
                }
                port = value.substring(close + 2);
            }
        } else {
            int colon = value.lastIndexOf(':');
            if (colon >= 0) {
                host = value.substring(0, colon);
                port = value.substring(colon + 1);
            }
        }
        if (host.isEmpty()) {
            return null;
        }
        if (port == null || port.isEmpty()) {
            return new HostAuthority(host, -1);
        }
        if (port.length() > 5) {
            return null;
        }
        for (int i = 0; i < port.length(); i++) {
            if (port.charAt(i) < '0' || port.charAt(i) > '9') {
                return null;
            }
        }
        int p = Integer.parseInt(port);
        return p > 65535 ? null : new HostAuthority(host, p);
    }
}
