package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletRequestListener;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The async state machine through a mocked exchange: who completes the exchange, and when. */
class AsyncStateTest {
    private final WebApp app = WebApp.create("", null, null);
    private final AtomicReference<AsyncContext> context = new AtomicReference<>();

    @AfterEach
    void stop() {
        app.stop();
    }

    private FakeExchange run(String path) throws Exception {
        app.start();
        FakeExchange fake = FakeExchange.get(path);
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    private void async(String name, String pattern, TestServlets.Body body) {
        app.servletContext().addServlet(name, TestServlets.servlet(body)).setAsyncSupported(true);
        app.servletContext().getServletRegistration(name).addMapping(pattern);
    }

    @Test
    void completeFromAnotherThreadCompletesTheExchangeOnceAfterTheHandlerReturned() throws Exception {
        AsyncListener listener = mock(AsyncListener.class);
        ServletRequestListener requests = mock(ServletRequestListener.class);
        app.servletContext().addListener(requests);
        async("a", "/a", (req, res) -> {
            AsyncContext ac = req.startAsync();
            ac.addListener(listener);
            context.set(ac);
        });
        FakeExchange fake = run("/a");
        verify(fake.exchange).startAsync();
        verify(fake.exchange, never()).complete();
        verify(requests, never()).requestDestroyed(any());
        CompletableFuture.runAsync(() -> {
            try {
                context.get().getResponse().getWriter().print("late");
            } catch (java.io.IOException e) {
                throw new RuntimeException(e);
            }
            context.get().complete();
        }).get();
        verify(fake.exchange, times(1)).complete();
        verify(listener).onComplete(any(AsyncEvent.class));
        verify(requests).requestDestroyed(any());
        assertThat(fake.body()).isEqualTo("late");
    }

    @Test
    void completeDuringTheDispatchEndsItInsideTheHandler() throws Exception {
        async("a", "/a", (req, res) -> {
            AsyncContext ac = req.startAsync();
            res.getWriter().print("now");
            ac.complete();
            context.set(ac);
        });
        FakeExchange fake = run("/a");
        verify(fake.exchange, never()).startAsync();
        verify(fake.exchange, never()).complete();
        assertThat(fake.body()).isEqualTo("now");
    }

    @Test
    void dispatchRunsTheTargetAsAnAsyncDispatchThenCompletes() throws Exception {
        async("a", "/a", (req, res) -> req.startAsync().dispatch("/b?x=1"));
        app.servletContext().addServlet("b", TestServlets.servlet((req, res) ->
                res.getWriter().print(req.getDispatcherType() + " " + req.getParameter("x") + " "
                        + req.getAttribute(AsyncContext.ASYNC_SERVLET_PATH)))).addMapping("/b");
        FakeExchange fake = run("/a");
        assertThat(fake.body()).isEqualTo(DispatcherType.ASYNC + " 1 /a");
        verify(fake.exchange, never()).startAsync();
    }

    @Test
    void asyncStaysStartedUntilTheDispatchReturnsEvenWhenAnotherThreadAlreadyDispatchedOrCompleted() throws Exception {
        // As Tomcat and Jetty: Spring MVC's Callable checks isAsyncStarted after its executor may
        // already have called dispatch(); false there made it render a view for the request as well
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        AsyncListener late = mock(AsyncListener.class);
        AsyncListener later = mock(AsyncListener.class);
        async("a", "/a", (req, res) -> {
            AsyncContext ac = req.startAsync();
            CompletableFuture.runAsync(() -> ac.dispatch("/b")).orTimeout(10, TimeUnit.SECONDS).join();
            seen.add("after dispatch: " + req.isAsyncStarted());
            req.getAsyncContext().addListener(late); // as Spring's ServerHttpObservationFilter on its way out
        });
        async("c", "/c", (req, res) -> {
            AsyncContext ac = req.startAsync();
            CompletableFuture.runAsync(ac::complete).orTimeout(10, TimeUnit.SECONDS).join();
            seen.add("after complete: " + req.isAsyncStarted());
            req.getAsyncContext().addListener(later);
        });
        app.servletContext().addServlet("b", TestServlets.servlet((req, res) -> {
            seen.add("in the async dispatch: " + req.isAsyncStarted());
            res.getWriter().print("b");
        })).addMapping("/b");
        FakeExchange fake = run("/a");
        assertThat(fake.body()).isEqualTo("b");
        new ServletAdapter(List.of(app)).handle(FakeExchange.get("/c").build());
        assertThat(seen).containsExactly("after dispatch: true", "in the async dispatch: false", "after complete: true");
        verify(late).onComplete(any(AsyncEvent.class));
        verify(later).onComplete(any(AsyncEvent.class));
    }

    @Test
    void aTimeoutWithoutListenerActionSends500AndCompletes() throws Exception {
        AsyncListener listener = mock(AsyncListener.class);
        async("a", "/a", (req, res) -> {
            AsyncContext ac = req.startAsync();
            ac.setTimeout(50);
            ac.addListener(listener);
        });
        FakeExchange fake = run("/a");
        verify(fake.exchange, timeout(5000)).complete();
        verify(listener).onTimeout(any(AsyncEvent.class));
        verify(listener).onComplete(any(AsyncEvent.class));
        assertThat(fake.status.get()).isEqualTo(500);
    }

    @Test
    void startTasksRunOnContainerThreadsWithTheAppsClassLoader() throws Exception {
        AtomicReference<ClassLoader> loader = new AtomicReference<>();
        CountDownLatch ran = new CountDownLatch(1);
        async("a", "/a", (req, res) -> {
            AsyncContext ac = req.startAsync();
            ac.start(() -> {
                loader.set(Thread.currentThread().getContextClassLoader());
                ran.countDown();
                ac.complete();
            });
        });
        ServletRequestListener requests = mock(ServletRequestListener.class);
        app.servletContext().addListener(requests);
        run("/a");
        assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
        // The task may complete before or after the dispatch returns; either way the request ends once.
        verify(requests, timeout(5000)).requestDestroyed(any());
        assertThat(loader.get()).isSameAs(app.loader());
    }

    @Test
    void asyncIsRefusedUnlessEveryFilterAndTheServletSupportIt() throws Exception {
        AtomicReference<String> outcome = new AtomicReference<>();
        async("a", "/a", (req, res) -> {
            try {
                req.startAsync();
                outcome.set("started");
            } catch (IllegalStateException e) {
                outcome.set("refused");
            }
        });
        app.servletContext().addFilter("sync", TestServlets.filter((req, res, chain) -> chain.doFilter(req, res)))
                .addMappingForUrlPatterns(null, true, "/*");
        run("/a");
        assertThat(outcome.get()).isEqualTo("refused");
    }
}
