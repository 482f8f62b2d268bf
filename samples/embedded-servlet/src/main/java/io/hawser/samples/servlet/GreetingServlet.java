package io.hawser.samples.servlet;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** A servlet registered in code by {@link ServletServer}: {@code GET /greeting?name=Ada} → {@code Hello, Ada!}. */
public class GreetingServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final String salutation;

    /** @param salutation the word before the name, e.g. {@code Hello} */
    public GreetingServlet(String salutation) {
        this.salutation = salutation;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String name = req.getParameter("name");
        resp.setContentType("text/plain;charset=UTF-8");
        resp.getWriter().print(salutation + ", " + (name == null || name.isBlank() ? "World" : name) + "!");
    }
}
