package io.hawser.samples.async;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code GET /events}: server-sent events (text/event-stream) written from a scheduler thread
 * through an {@link AsyncContext}, so no request thread waits between ticks. {@code count} events
 * (default 10, at most 100), one every {@code interval} milliseconds (default 1000, 10 to 5000),
 * then an event named {@code done} and the response completes.
 */
@WebServlet(name = "events", urlPatterns = "/events", asyncSupported = true)
public class ClockEventsServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        int count = bounded(req.getParameter("count"), 10, 1, 100);
        int interval = bounded(req.getParameter("interval"), 1000, 10, 5000);
        resp.setContentType("text/event-stream;charset=UTF-8");
        resp.setHeader("Cache-Control", "no-cache");
        resp.flushBuffer();
        AsyncContext async = req.startAsync();
        async.setTimeout((long) count * interval + 10_000);
        ScheduledExecutorService scheduler =
                (ScheduledExecutorService) req.getServletContext().getAttribute(TickerListener.SCHEDULER);
        AtomicInteger sent = new AtomicInteger();
        AtomicReference<ScheduledFuture<?>> task = new AtomicReference<>();
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                cancel(task);
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                cancel(task);
                event.getAsyncContext().complete();
            }

            @Override
            public void onError(AsyncEvent event) {
                cancel(task);
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
            }
        });
        task.set(scheduler.scheduleAtFixedRate(() -> {
            int n = sent.incrementAndGet();
            try {
                String event = "id: " + n + "\ndata: tick " + n + " at " + Instant.now() + "\n\n";
                if (n >= count) {
                    event += "event: done\ndata: bye\n\n";
                }
                var out = async.getResponse().getOutputStream();
                out.write(event.getBytes(StandardCharsets.UTF_8));
                out.flush();
                if (n >= count) {
                    cancel(task);
                    async.complete();
                }
            } catch (IOException | IllegalStateException e) {
                cancel(task);   // the client went away
                async.complete();
            }
        }, interval, interval, TimeUnit.MILLISECONDS));
    }

    private static void cancel(AtomicReference<ScheduledFuture<?>> task) {
        ScheduledFuture<?> f = task.get();
        if (f != null) {
            f.cancel(false);
        }
    }

    private static int bounded(String text, int fallback, int min, int max) {
        try {
            return text == null ? fallback : Math.max(min, Math.min(max, Integer.parseInt(text)));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
