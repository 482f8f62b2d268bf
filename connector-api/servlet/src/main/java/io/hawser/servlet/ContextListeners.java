package io.hawser.servlet;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextAttributeEvent;
import jakarta.servlet.ServletContextAttributeListener;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestAttributeEvent;
import jakarta.servlet.ServletRequestAttributeListener;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpSessionAttributeListener;
import jakarta.servlet.http.HttpSessionBindingEvent;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionIdListener;
import jakarta.servlet.http.HttpSessionListener;
import java.util.EventListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;

/**
 * The application's event listeners (Servlet 6.1 §11), one list per interface, and the events fired
 * to them: in registration order, except that "destroyed" events go in reverse order (§11.3.2).
 * Exceptions from request and session listeners are logged and do not stop the others (§11.6).
 */
final class ContextListeners {
    /** Attribute events. */
    enum Change { ADDED, REPLACED, REMOVED }

    private final ServletContext context;
    private final List<ServletContextListener> contextListeners = new CopyOnWriteArrayList<>();
    private final List<ServletContextAttributeListener> contextAttributeListeners = new CopyOnWriteArrayList<>();
    private final List<ServletRequestListener> requestListeners = new CopyOnWriteArrayList<>();
    private final List<ServletRequestAttributeListener> requestAttributeListeners = new CopyOnWriteArrayList<>();
    private final List<HttpSessionListener> sessionListeners = new CopyOnWriteArrayList<>();
    private final List<HttpSessionAttributeListener> sessionAttributeListeners = new CopyOnWriteArrayList<>();
    private final List<HttpSessionIdListener> sessionIdListeners = new CopyOnWriteArrayList<>();

    /** @param context the context events are about */
    ContextListeners(ServletContext context) {
        this.context = context;
    }

    /**
     * @param type a class
     * @return whether it implements at least one supported listener interface (§4.4.3)
     */
    static boolean isSupported(Class<?> type) {
        return ServletContextListener.class.isAssignableFrom(type)
                || ServletContextAttributeListener.class.isAssignableFrom(type)
                || ServletRequestListener.class.isAssignableFrom(type)
                || ServletRequestAttributeListener.class.isAssignableFrom(type)
                || HttpSessionListener.class.isAssignableFrom(type)
                || HttpSessionAttributeListener.class.isAssignableFrom(type)
                || HttpSessionIdListener.class.isAssignableFrom(type);
    }

    /**
     * Registers a listener under every supported interface it implements.
     *
     * @param listener the listener
     * @throws IllegalArgumentException when it implements none
     */
    void add(EventListener listener) {
        if (!isSupported(listener.getClass())) {
            throw new IllegalArgumentException("not a supported listener type (Servlet 6.1 §4.4.3): "
                    + listener.getClass().getName());
        }
        if (listener instanceof ServletContextListener) {
            contextListeners.add((ServletContextListener) listener);
        }
        if (listener instanceof ServletContextAttributeListener) {
            contextAttributeListeners.add((ServletContextAttributeListener) listener);
        }
        if (listener instanceof ServletRequestListener) {
            requestListeners.add((ServletRequestListener) listener);
        }
        if (listener instanceof ServletRequestAttributeListener) {
            requestAttributeListeners.add((ServletRequestAttributeListener) listener);
        }
        if (listener instanceof HttpSessionListener) {
            sessionListeners.add((HttpSessionListener) listener);
        }
        if (listener instanceof HttpSessionAttributeListener) {
            sessionAttributeListeners.add((HttpSessionAttributeListener) listener);
        }
        if (listener instanceof HttpSessionIdListener) {
            sessionIdListeners.add((HttpSessionIdListener) listener);
        }
    }

    /** @return the context listeners, in registration order (the caller tracks which were initialised) */
    List<ServletContextListener> contextListeners() {
        return contextListeners;
    }

    // ------------------------------------------------------------------ events

    void contextAttribute(Change change, String name, Object value) {
        if (contextAttributeListeners.isEmpty()) {
            return;
        }
        ServletContextAttributeEvent event = new ServletContextAttributeEvent(context, name, value);
        for (ServletContextAttributeListener l : contextAttributeListeners) {
            switch (change) {
                case ADDED:
                    l.attributeAdded(event);
                    break;
                case REPLACED:
                    l.attributeReplaced(event);
                    break;
                default:
                    l.attributeRemoved(event);
            }
        }
    }

    /** @return whether any request listener is registered (the common case has none) */
    boolean hasRequestListeners() {
        return !requestListeners.isEmpty();
    }

    void requestInitialized(ServletRequest request) {
        if (requestListeners.isEmpty()) {
            return;
        }
        ServletRequestEvent event = new ServletRequestEvent(context, request);
        for (ServletRequestListener l : requestListeners) {
            safely(l, event, ServletRequestListener::requestInitialized);
        }
    }

    void requestDestroyed(ServletRequest request) {
        if (requestListeners.isEmpty()) {
            return;
        }
        ServletRequestEvent event = new ServletRequestEvent(context, request);
        for (int i = requestListeners.size() - 1; i >= 0; i--) {
            safely(requestListeners.get(i), event, ServletRequestListener::requestDestroyed);
        }
    }

    void requestAttribute(ServletRequest request, Change change, String name, Object value) {
        if (requestAttributeListeners.isEmpty()) {
            return;
        }
        ServletRequestAttributeEvent event = new ServletRequestAttributeEvent(context, request, name, value);
        for (ServletRequestAttributeListener l : requestAttributeListeners) {
            switch (change) {
                case ADDED:
                    safely(l, event, ServletRequestAttributeListener::attributeAdded);
                    break;
                case REPLACED:
                    safely(l, event, ServletRequestAttributeListener::attributeReplaced);
                    break;
                default:
                    safely(l, event, ServletRequestAttributeListener::attributeRemoved);
            }
        }
    }

    void sessionCreated(HttpSession session) {
        HttpSessionEvent event = new HttpSessionEvent(session);
        for (HttpSessionListener l : sessionListeners) {
            safely(l, event, HttpSessionListener::sessionCreated);
        }
    }

    void sessionDestroyed(HttpSession session) {
        HttpSessionEvent event = new HttpSessionEvent(session);
        for (int i = sessionListeners.size() - 1; i >= 0; i--) {
            safely(sessionListeners.get(i), event, HttpSessionListener::sessionDestroyed);
        }
    }

    void sessionIdChanged(HttpSession session, String oldId) {
        HttpSessionEvent event = new HttpSessionEvent(session);
        for (HttpSessionIdListener l : sessionIdListeners) {
            try {
                l.sessionIdChanged(event, oldId);
            } catch (RuntimeException e) {
                context.log("HttpSessionIdListener " + l.getClass().getName() + " failed", e);
            }
        }
    }

    void sessionAttribute(HttpSession session, Change change, String name, Object value) {
        if (sessionAttributeListeners.isEmpty()) {
            return;
        }
        HttpSessionBindingEvent event = new HttpSessionBindingEvent(session, name, value);
        for (HttpSessionAttributeListener l : sessionAttributeListeners) {
            switch (change) {
                case ADDED:
                    safely(l, event, HttpSessionAttributeListener::attributeAdded);
                    break;
                case REPLACED:
                    safely(l, event, HttpSessionAttributeListener::attributeReplaced);
                    break;
                default:
                    safely(l, event, HttpSessionAttributeListener::attributeRemoved);
            }
        }
    }

    /**
     * A listener's failure is logged and the others still run, as Tomcat does: also an {@link Error}
     * such as an {@code AssertionError} or a {@code LinkageError} from the application's code, so a
     * {@code requestDestroyed} that throws never turns a finished response into a failure. Only a
     * {@link VirtualMachineError} (out of memory, stack overflow) goes on.
     */
    private <L, E> void safely(L listener, E event, BiConsumer<L, E> call) {
        try {
            call.accept(listener, event);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (RuntimeException | Error e) {
            context.log("listener " + listener.getClass().getName() + " failed", e);
        }
    }
}
