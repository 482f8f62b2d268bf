package io.hawser.servlet;

import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Turns a {@code sendRedirect} location into an absolute URL (Servlet 6.1
 * {@code HttpServletResponse.sendRedirect}): an absolute URL is kept; {@code //host/p} gets the
 * request's scheme; {@code /p} is relative to the server root; anything else is relative to the
 * request URI's directory. Dot segments of the path are removed (RFC 3986 §5.2.4).
 */
final class Redirects {
    private Redirects() {
    }

    /**
     * @param request the current request (scheme, host, port, request URI)
     * @param location what the application passed
     * @return the absolute URL
     */
    static String absolute(HttpServletRequest request, String location) {
        if (hasScheme(location)) {
            return location;
        }
        String scheme = request.getScheme();
        if (location.startsWith("//")) {
            return scheme + ":" + location;
        }
        StringBuilder url = new StringBuilder(64).append(scheme).append("://").append(request.getServerName());
        int port = request.getServerPort();
        if (port > 0 && !RequestAddresses.isDefaultPort(scheme, port)) {
            url.append(':').append(port);
        }
        String path;
        if (location.startsWith("/")) {
            path = location;
        } else {
            String uri = request.getRequestURI();
            path = uri.substring(0, uri.lastIndexOf('/') + 1) + location;
        }
        int end = indexOfAny(path, "?#");
        String rest = end < 0 ? "" : path.substring(end);
        return url.append(removeDotSegments(end < 0 ? path : path.substring(0, end))).append(rest).toString();
    }

    private static boolean hasScheme(String location) {
        int colon = location.indexOf(':');
        if (colon <= 0) {
            return false;
        }
        for (int i = 0; i < colon; i++) {
            char c = location.charAt(i);
            boolean ok = Character.isLetter(c) || i > 0 && (Character.isDigit(c) || c == '+' || c == '-' || c == '.');
            if (!ok || c > 0x7f) {
                return false;
            }
        }
        return true;
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * @param path an absolute path
     * @return it without {@code .} and {@code ..} segments ({@code ..} never leaves the root)
     */
    static String removeDotSegments(String path) {
        Deque<String> out = new ArrayDeque<>();
        String[] segments = path.split("/", -1);
        for (int i = 1; i < segments.length; i++) {
            String s = segments[i];
            boolean last = i == segments.length - 1;
            if (s.equals(".")) {
                if (last) {
                    out.addLast("");
                }
            } else if (s.equals("..")) {
                out.pollLast();
                if (last) {
                    out.addLast("");
                }
            } else {
                out.addLast(s);
            }
        }
        StringBuilder b = new StringBuilder(path.length());
        for (String s : out) {
            b.append('/').append(s);
        }
        return b.length() == 0 ? "/" : b.toString();
    }
}
