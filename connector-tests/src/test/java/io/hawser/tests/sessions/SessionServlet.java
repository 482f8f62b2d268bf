package io.hawser.tests.sessions;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What the cluster tests ask of a session, at {@code /app/s/...}: {@code plain} (no session),
 * {@code set?NAME=VALUE...[&timeout=S][&hold=KEY]}, {@code get} ({@code NAME=VALUE,...} sorted, or
 * {@code no session}), {@code rotate} ({@code changeSessionId}) and {@code invalidate}. With
 * {@code hold=KEY} the request, having set its attributes, counts down {@code KEY-entered} and waits
 * for {@code KEY-release} (latches in {@link #LATCHES}), so a test can interleave two requests.
 */
public class SessionServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** Latches by name, made by the test before the request. */
    static final Map<String, CountDownLatch> LATCHES = new ConcurrentHashMap<>();

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain;charset=UTF-8");
        String what = req.getPathInfo();
        switch (what) {
            case "/plain" -> resp.getWriter().print("no session needed");
            case "/set" -> set(req, resp);
            case "/get" -> {
                HttpSession s = req.getSession(false);
                resp.getWriter().print(s == null ? "no session" : attributes(s));
            }
            case "/rotate" -> resp.getWriter().print(req.changeSessionId());
            case "/invalidate" -> {
                req.getSession().invalidate();
                resp.getWriter().print("invalidated");
            }
            default -> resp.sendError(404);
        }
    }

    private static void set(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        HttpSession s = req.getSession();
        for (Map.Entry<String, String[]> p : req.getParameterMap().entrySet()) {
            if (!p.getKey().equals("timeout") && !p.getKey().equals("hold")) {
                s.setAttribute(p.getKey(), p.getValue()[0]);
            }
        }
        if (req.getParameter("timeout") != null) {
            s.setMaxInactiveInterval(Integer.parseInt(req.getParameter("timeout")));
        }
        String hold = req.getParameter("hold");
        if (hold != null) {
            LATCHES.get(hold + "-entered").countDown();
            try {
                if (!LATCHES.get(hold + "-release").await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("never released");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        resp.getWriter().print("ok");
    }

    private static String attributes(HttpSession s) {
        List<String> names = Collections.list(s.getAttributeNames());
        Collections.sort(names);
        StringBuilder out = new StringBuilder();
        for (String n : names) {
            out.append(out.length() == 0 ? "" : ",").append(n).append('=').append(s.getAttribute(n));
        }
        return out.toString();
    }
}
