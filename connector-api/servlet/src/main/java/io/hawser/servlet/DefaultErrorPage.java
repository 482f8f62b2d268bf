package io.hawser.servlet;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The plain error page written when the web app has none for a status (Servlet 6.1 §10.9.2 leaves
 * it to the container): a small HTML document with the status, its reason phrase and the
 * {@code sendError} message, every echoed character escaped. Exception details are never shown.
 */
final class DefaultErrorPage {
    private DefaultErrorPage() {
    }

    /**
     * Replaces the buffered body with the page; the status must already be set.
     *
     * @param exchange the exchange, not committed
     * @param status the status
     * @param message the message to echo, or {@code null}
     */
    static void write(HttpExchange exchange, int status, String message) {
        page(exchange, status, message == null || message.isEmpty() ? "" : "<p>" + escape(message) + "</p>\n");
    }

    /**
     * The 404 for a request to {@code /} when no web app has the root context (as Jetty's default
     * handler answers): the page links every deployed context path.
     *
     * @param exchange the exchange, not committed; its status is set to 404
     * @param contextPaths the deployed context paths, none of them {@code ""}
     */
    static void writeContextIndex(HttpExchange exchange, List<String> contextPaths) {
        StringBuilder list = new StringBuilder("<p>No web app is deployed at /. Deployed here:</p>\n<ul>\n");
        for (String path : contextPaths) {
            String href = escape(path + "/");
            list.append("<li><a href=\"").append(href).append("\">").append(href).append("</a></li>\n");
        }
        exchange.setStatus(404);
        page(exchange, 404, list.append("</ul>\n").toString());
    }

    private static void page(HttpExchange exchange, int status, String bodyHtml) {
        String title = (status + " " + HttpStatus.reasonPhrase(status)).trim();
        String html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title></head>\n<body><h1>" + escape(title) + "</h1>\n" + bodyHtml + "</body></html>\n";
        try {
            exchange.responseBody().resetBuffer();
            exchange.responseFields().remove("Content-Length");
            exchange.responseFields().set("Content-Type", "text/html;charset=utf-8");
            exchange.responseBody().write(html.getBytes(StandardCharsets.UTF_8));
        } catch (IOException | IllegalStateException e) {
            exchange.abort(e);
        }
    }

    /**
     * @param s text
     * @return it with {@code & < > " '} as character references
     */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&':
                    out.append("&amp;");
                    break;
                case '<':
                    out.append("&lt;");
                    break;
                case '>':
                    out.append("&gt;");
                    break;
                case '"':
                    out.append("&quot;");
                    break;
                case '\'':
                    out.append("&#39;");
                    break;
                default:
                    out.append(c);
            }
        }
        return out.toString();
    }
}
