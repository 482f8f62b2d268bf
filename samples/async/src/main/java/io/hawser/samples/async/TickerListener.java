package io.hawser.samples.async;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Owns the one scheduler thread that writes every event stream; stopped with the app so that no
 * thread of the app outlives it (and its class loader can be collected after undeploy).
 */
@WebListener
public class TickerListener implements ServletContextListener {
    /** The context attribute holding the {@link ScheduledExecutorService}. */
    public static final String SCHEDULER = "async.scheduler";

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "async-sample-ticker");
            t.setDaemon(true);
            return t;
        });
        event.getServletContext().setAttribute(SCHEDULER, scheduler);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        Object scheduler = event.getServletContext().getAttribute(SCHEDULER);
        if (scheduler instanceof ScheduledExecutorService) {
            ((ScheduledExecutorService) scheduler).shutdownNow();
        }
        event.getServletContext().removeAttribute(SCHEDULER);
    }
}
