package io.hawser.samples.secured;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The admin page. The container lets only users with role {@code admin} reach it (web.xml's
 * security-constraint on {@code /admin/*}), after the login form; the page shows who is signed in
 * and offers a logout button ({@link LogoutServlet}).
 */
@WebServlet(name = "admin", urlPatterns = "/admin/*")
public class AdminServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/html;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        PrintWriter out = response.getWriter();
        out.println("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Admin</title></head><body>");
        out.println("<h1>Admin</h1>");
        out.println("<p>Signed in as <strong>" + escape(request.getRemoteUser()) + "</strong>.</p>");
        out.println("<p><code>isUserInRole(\"admin\")</code>: " + request.isUserInRole("admin") + "<br>");
        out.println("<code>isUserInRole(\"api\")</code>: " + request.isUserInRole("api") + "</p>");
        out.println("<form method=\"post\" action=\"" + escape(request.getContextPath()) + "/admin/logout\">"
                + "<button type=\"submit\">Log out</button></form>");
        out.println("<p><a href=\"" + escape(request.getContextPath()) + "/\">Start page</a></p></body></html>");
    }

    /** @return {@code text} escaped for HTML text and attribute values ({@code "null"} for null) */
    static String escape(String text) {
        return String.valueOf(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;").replace("'", "&#39;");
    }
}
