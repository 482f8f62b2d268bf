package io.hawser.samples.guestbook;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.concurrent.CopyOnWriteArrayList;

/** Creates the shared list of entries when the app starts (found by its annotation). */
@WebListener
public class EntriesListener implements ServletContextListener {
    /** The context attribute holding the {@code List<Entry>}. */
    public static final String ENTRIES = "guestbook.entries";

    @Override
    public void contextInitialized(ServletContextEvent event) {
        event.getServletContext().setAttribute(ENTRIES, new CopyOnWriteArrayList<Entry>());
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        event.getServletContext().removeAttribute(ENTRIES);
    }
}
