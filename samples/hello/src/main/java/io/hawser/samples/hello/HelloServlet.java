package io.hawser.samples.hello;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The smallest web app: one servlet, found by its annotation (no web.xml). Mapped to the context
 * root ({@code ""}) and {@code /hello}; {@code ?name=Ada} greets Ada.
 */
@WebServlet(name = "hello", urlPatterns = {"", "/hello"})
public class HelloServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String name = req.getParameter("name");
        if (name == null || name.isBlank()) {
            name = "World";
        }
        resp.setContentType("text/html;charset=UTF-8");
        PrintWriter out = resp.getWriter();
        out.println("<!DOCTYPE html>");
        out.println("<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Hello</title></head><body>");
        out.println("<h1>Hello, " + escape(name) + "!</h1>");
        out.println("<p>Served by <code>" + getClass().getSimpleName() + "</code> at context path <code>\""
                + escape(req.getContextPath()) + "\"</code>.</p>");
        out.println("<form><label>Your name <input name=\"name\"></label> <button>Greet me</button></form>");
        out.println("</body></html>");
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<': b.append("&lt;"); break;
                case '>': b.append("&gt;"); break;
                case '&': b.append("&amp;"); break;
                case '"': b.append("&quot;"); break;
                case '\'': b.append("&#39;"); break;
                default: b.append(c);
            }
        }
        return b.toString();
    }
}
