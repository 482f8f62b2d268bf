package io.hawser.samples.guestbook;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;

/** The error page (web.xml {@code <error-page>}): shows the status and message the app gave. */
public class ErrorServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Object status = req.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Object message = req.getAttribute(RequestDispatcher.ERROR_MESSAGE);
        resp.setContentType("text/html;charset=UTF-8");
        PrintWriter out = resp.getWriter();
        out.println("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Guestbook: error</title>"
                + "</head><body>");
        out.println("<h1 class=\"error\">Sorry: " + Html.escape(String.valueOf(status)) + "</h1>");
        if (message != null && !message.toString().isEmpty()) {
            out.println("<p class=\"message\">" + Html.escape(message.toString()) + "</p>");
        }
        out.println("<p><a href=\"" + req.getContextPath() + "/\">Back to the guestbook</a></p></body></html>");
    }
}
