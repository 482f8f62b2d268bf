package io.hawser.samples.guestbook;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;

/**
 * The guestbook, declared in web.xml: {@code GET /} shows the entries and a form; {@code POST /sign}
 * adds an entry and redirects back (POST/redirect/GET), so reloading never signs twice. The session
 * remembers the visitor's name and how often they signed. An empty message is a 400, rendered by
 * the error page. Cross-site request forgery is refused twice over: the session cookie is
 * {@code SameSite=Lax} (web.xml's cookie-config), so another site's form posts without it, and
 * every form carries the session's token, without which a POST is a 403.
 */
public class GuestbookServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final int MAX_ENTRIES = 100;
    private static final String TOKEN = "csrf";
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        HttpSession session = req.getSession();
        String token = (String) session.getAttribute(TOKEN);
        if (token == null) {
            byte[] bytes = new byte[16];
            RANDOM.nextBytes(bytes);
            token = java.util.HexFormat.of().formatHex(bytes);
            session.setAttribute(TOKEN, token);
        }
        String name = (String) session.getAttribute("name");
        Integer signed = (Integer) session.getAttribute("signed");
        resp.setContentType("text/html;charset=UTF-8");
        PrintWriter out = resp.getWriter();
        out.println("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Guestbook</title>");
        out.println("<style>body{font-family:sans-serif;max-width:40em;margin:2em auto}"
                + "li{margin:.5em 0}small{color:#666}</style></head><body>");
        out.println("<h1>Guestbook</h1>");
        if (signed != null) {
            out.println("<p class=\"you\">Thanks, " + Html.escape(name) + ": you signed " + signed
                    + (signed == 1 ? " time" : " times") + " in this session.</p>");
        }
        out.println("<form method=\"post\" action=\"" + req.getContextPath() + "/sign\">");
        out.println("<input type=\"hidden\" name=\"" + TOKEN + "\" value=\"" + token + "\">");
        out.println("<p><label>Name <input name=\"name\" required value=\"" + Html.escape(name == null ? "" : name)
                + "\"></label></p>");
        out.println("<p><label>Message <textarea name=\"message\" required></textarea></label></p>");
        out.println("<p><button>Sign</button></p></form>");
        out.println("<ul class=\"entries\">");
        for (Entry e : entries(req)) {
            out.println("<li><strong>" + Html.escape(e.name()) + "</strong>: " + Html.escape(e.message())
                    + " <small>" + e.at() + "</small></li>");
        }
        out.println("</ul></body></html>");
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        HttpSession current = req.getSession(false);
        Object expected = current == null ? null : current.getAttribute(TOKEN);
        if (expected == null || !expected.equals(req.getParameter(TOKEN))) {
            resp.sendError(HttpServletResponse.SC_FORBIDDEN, "this form has expired or came from another site:"
                    + " reload the guestbook and sign again");
            return;
        }
        String name = trimmed(req.getParameter("name"), 60);
        String message = trimmed(req.getParameter("message"), 500);
        if (name.isEmpty() || message.isEmpty()) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST, "a name and a message are both needed");
            return;
        }
        List<Entry> entries = entries(req);
        entries.add(0, new Entry(name, message, Instant.now()));
        while (entries.size() > MAX_ENTRIES) {
            entries.remove(entries.size() - 1);
        }
        HttpSession session = req.getSession();
        session.setAttribute("name", name);
        Integer signed = (Integer) session.getAttribute("signed");
        session.setAttribute("signed", signed == null ? 1 : signed + 1);
        resp.setStatus(HttpServletResponse.SC_SEE_OTHER);
        resp.setHeader("Location", req.getContextPath() + "/");
    }

    @SuppressWarnings("unchecked")
    private static List<Entry> entries(HttpServletRequest req) {
        return (List<Entry>) req.getServletContext().getAttribute(EntriesListener.ENTRIES);
    }

    private static String trimmed(String s, int max) {
        String t = s == null ? "" : s.strip();
        return t.length() > max ? t.substring(0, max) : t;
    }
}
