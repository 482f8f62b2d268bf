package io.hawser.servlet;

import jakarta.servlet.http.Cookie;
import java.util.ArrayList;
import java.util.List;

/**
 * The session side of one request (Servlet 6.1 §7.1.1): the ids the client sent in session cookies
 * (several when paths overlap; the first live one wins), the session found or created, its cookie
 * ({@code Path} = context path, {@code HttpOnly}, {@code Secure} on secure requests), and the
 * accesses that keep it alive.
 */
final class RequestSessions {
    private final RequestCycle cycle;
    private List<String> requestedIds;
    private String requestedId;
    private Session session;
    private boolean looked;

    /** @param cycle the request */
    RequestSessions(RequestCycle cycle) {
        this.cycle = cycle;
    }

    private List<String> requestedIds() {
        if (requestedIds == null) {
            requestedIds = new ArrayList<>(1);
            String name = cycle.app().sessionCookie().getName();
            Cookie[] cookies = cycle.app().sessionCookie().isTracked() ? cycle.request().getCookies() : null;
            if (cookies != null) {
                for (Cookie c : cookies) {
                    if (c.getName().equals(name) && !c.getValue().isEmpty()) {
                        requestedIds.add(c.getValue());
                    }
                }
            }
        }
        return requestedIds;
    }

    /**
     * @param create whether to create a session when there is none
     * @return the session, or {@code null}
     * @throws IllegalStateException when a session must be created but the response is committed
     */
    Session get(boolean create) {
        if (session != null && session.isValid()) {
            return session;
        }
        SessionStore store = cycle.app().sessions();
        if (!looked) {
            looked = true;
            for (String id : requestedIds()) {
                Session s = store.find(id);
                if (s != null) {
                    store.access(s);
                    requestedId = id;
                    session = s;
                    return s;
                }
            }
        }
        if (!create) {
            return null;
        }
        if (cycle.exchange().isCommitted()) {
            throw new IllegalStateException("cannot create a session after the response is committed");
        }
        session = store.create();
        sendCookie(session.getId());
        return session;
    }

    /**
     * @return the new id
     * @throws IllegalStateException when there is no session
     */
    String changeId() {
        Session s = get(false);
        if (s == null) {
            throw new IllegalStateException("no session to change the id of");
        }
        String id = cycle.app().sessions().changeId(s);
        sendCookie(id);
        return id;
    }

    private void sendCookie(String id) {
        if (!cycle.app().sessionCookie().isTracked()) {
            return;
        }
        cycle.response().addCookieAlways(cycle.app().sessionCookie().cookie(id, cycle.request().isSecure()));
    }

    /** @return the id the client sent (the one that matched, else the first), or {@code null} */
    String requestedId() {
        get(false);
        if (requestedId != null) {
            return requestedId;
        }
        List<String> ids = requestedIds();
        return ids.isEmpty() ? null : ids.get(0);
    }

    /** @return whether the requested id names a live session */
    boolean isRequestedIdValid() {
        String id = requestedId();
        Session s = session;
        if (s != null && s.isValid() && s.getId().equals(id)) {
            return true;
        }
        return id != null && cycle.app().sessions().find(id) != null;
    }

    /** @return whether a session id came in a cookie */
    boolean isRequestedIdFromCookie() {
        return !requestedIds().isEmpty();
    }

    /**
     * End of the request: the session's inactivity is counted from now (Tomcat's end-of-access); a
     * session in a {@link SessionDataStore} is written now, before the response completes.
     *
     * @throws SessionStoreUnavailableException when the store could not take it
     */
    void endOfRequest() {
        if (session != null && session.isValid()) {
            cycle.app().sessions().touch(session);
        }
    }
}
