package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.client.AsyncRequestContent;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.InputStreamResponseListener;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** startAsync/AsyncContext and ReadListener/WriteListener through the NIO connector. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServletAsyncEndToEndTest {
    private static final int BIG = 8 * 1024 * 1024;
    private static final ExecutorService elsewhere = Executors.newCachedThreadPool();
    private static final List<String> events = new CopyOnWriteArrayList<>();
    private static final AtomicBoolean serviceReturned = new AtomicBoolean();
    private static final AtomicLong bytesRead = new AtomicLong();
    private static ServletServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("", app -> {
            ServletContext ctx = app.servletContext();
            ctx.addServlet("later", servlet((req, res) -> {
                AsyncContext ac = req.startAsync();
                ac.addListener(new Recorder());
                elsewhere.execute(() -> {
                    try {
                        res.getWriter().print("completed on " + (Thread.currentThread().getName().startsWith("pool") ? "app thread" : "?"));
                    } catch (IOException e) {
                        throw new RuntimeException(e);
                    }
                    ac.complete();
                });
            })).setAsyncSupported(true);
            ctx.getServletRegistration("later").addMapping("/later");
            ctx.addServlet("dispatcher", servlet((req, res) -> {
                AsyncContext ac = req.startAsync();
                elsewhere.execute(() -> ac.dispatch("/target?from=async"));
            })).setAsyncSupported(true);
            ctx.getServletRegistration("dispatcher").addMapping("/dispatch");
            ctx.addServlet("target", servlet((req, res) -> res.getWriter().print(req.getDispatcherType() + " "
                    + req.getAttribute(AsyncContext.ASYNC_REQUEST_URI) + " " + req.getParameter("from"))))
                    .addMapping("/target");
            ctx.addServlet("timeout", servlet((req, res) -> {
                AsyncContext ac = req.startAsync();
                ac.setTimeout(200);
                if (req.getParameter("handle") != null) {
                    ac.addListener(new Recorder() {
                        @Override
                        public void onTimeout(AsyncEvent event) throws IOException {
                            event.getSuppliedResponse().getWriter().print("timed out, handled");
                            event.getAsyncContext().complete();
                        }
                    });
                }
            })).setAsyncSupported(true);
            ctx.getServletRegistration("timeout").addMapping("/timeout");
            ctx.addServlet("notAsync", servlet((req, res) -> {
                try {
                    req.startAsync();
                } catch (IllegalStateException e) {
                    res.getWriter().print("refused: " + req.isAsyncSupported());
                }
            })).addMapping("/not-async");
            ctx.addServlet("upload", servlet((req, res) -> {
                AsyncContext ac = req.startAsync();
                ac.setTimeout(30_000);
                ServletInputStream in = req.getInputStream();
                MessageDigest sha = sha256();
                AtomicInteger callbacks = new AtomicInteger();
                in.setReadListener(new ReadListener() {
                    private final byte[] buf = new byte[4096];

                    @Override
                    public void onDataAvailable() throws IOException {
                        callbacks.incrementAndGet();
                        while (in.isReady() && !in.isFinished()) {
                            int n = in.read(buf);
                            if (n > 0) {
                                sha.update(buf, 0, n);
                                bytesRead.addAndGet(n);
                            }
                        }
                    }

                    @Override
                    public void onAllDataRead() throws IOException {
                        res.getWriter().print(bytesRead.get() + " " + HexFormat.of().formatHex(sha.digest())
                                + " callbacks>1=" + (callbacks.get() > 1) + " trailer=" + req.getTrailerFields().get("x-sum"));
                        ac.complete();
                    }

                    @Override
                    public void onError(Throwable t) {
                        events.add("read error " + t);
                        ac.complete();
                    }
                });
                serviceReturned.set(true);
            })).setAsyncSupported(true);
            ctx.getServletRegistration("upload").addMapping("/upload");
            ctx.addServlet("download", servlet((req, res) -> {
                AsyncContext ac = req.startAsync();
                ServletOutputStream out = res.getOutputStream();
                byte[] chunk = pattern(64 * 1024);
                out.setWriteListener(new WriteListener() {
                    private int sent;

                    @Override
                    public void onWritePossible() throws IOException {
                        while (out.isReady()) {
                            if (sent >= BIG) {
                                ac.complete();
                                return;
                            }
                            out.write(chunk);
                            sent += chunk.length;
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                        events.add("write error " + t);
                    }
                });
            })).setAsyncSupported(true);
            ctx.getServletRegistration("download").addMapping("/download");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        elsewhere.shutdownNow();
    }

    static class Recorder implements AsyncListener {
        @Override
        public void onComplete(AsyncEvent event) {
            events.add("complete");
        }

        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            events.add("timeout");
        }

        @Override
        public void onError(AsyncEvent event) {
            events.add("error");
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            events.add("start");
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] pattern(int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 31 + 7);
        }
        return b;
    }

    @Test
    void completesFromAnotherThread() throws Exception {
        events.clear();
        ContentResponse r = server.get("/later");
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("completed on app thread");
        await().atMost(Duration.ofSeconds(5)).until(() -> events.contains("complete"));
    }

    @Test
    void manyConcurrentAsyncRequestsAllComplete() throws Exception {
        List<CompletableFuture<ContentResponse>> all = new java.util.ArrayList<>();
        for (int i = 0; i < 50; i++) {
            all.add(new CompletableResponseListener(server.client.newRequest(server.base + "/later")).send());
        }
        for (CompletableFuture<ContentResponse> f : all) {
            assertThat(f.get(20, TimeUnit.SECONDS).getContentAsString()).startsWith("completed");
        }
    }

    @Test
    void dispatchesFromAnotherThread() throws Exception {
        ContentResponse r = server.get("/dispatch");
        assertThat(r.getContentAsString()).isEqualTo("ASYNC /dispatch async");
    }

    @Test
    void timeoutGoesToListenersElse500() throws Exception {
        ContentResponse handled = server.get("/timeout?handle=1");
        assertThat(handled.getStatus()).isEqualTo(200);
        assertThat(handled.getContentAsString()).isEqualTo("timed out, handled");
        ContentResponse unhandled = server.get("/timeout");
        assertThat(unhandled.getStatus()).isEqualTo(500);
    }

    @Test
    void startAsyncIsRefusedWhenTheServletDoesNotSupportIt() throws Exception {
        assertThat(server.get("/not-async").getContentAsString()).isEqualTo("refused: false");
    }

    @Test
    void readsAChunkedUploadWithoutBlockingAThread() throws Exception {
        serviceReturned.set(false);
        bytesRead.set(0);
        byte[] first = pattern(100_000);
        byte[] second = "the end".getBytes(StandardCharsets.US_ASCII);
        AsyncRequestContent content = new AsyncRequestContent();
        CompletableFuture<ContentResponse> response = new CompletableResponseListener(
                server.client.newRequest(server.base + "/upload").method(HttpMethod.POST).body(content)
                        .trailersSupplier(() -> org.eclipse.jetty.http.HttpFields.build().put("X-Sum", "42"))
                        .timeout(30, TimeUnit.SECONDS)).send();
        content.write(ByteBuffer.wrap(first), Callback.NOOP);
        // The servlet's service() returns with the body still arriving: no thread waits for it.
        await().atMost(Duration.ofSeconds(10)).until(serviceReturned::get);
        await().atMost(Duration.ofSeconds(10)).until(() -> bytesRead.get() == first.length);
        content.write(ByteBuffer.wrap(second), Callback.NOOP);
        content.close();
        MessageDigest sha = sha256();
        sha.update(first);
        sha.update(second);
        ContentResponse r = response.get(30, TimeUnit.SECONDS);
        assertThat(r.getContentAsString()).isEqualTo((first.length + second.length) + " "
                + HexFormat.of().formatHex(sha.digest()) + " callbacks>1=true trailer=42");
    }

    @Test
    void writesALargeBodyWithAWriteListener() throws Exception {
        InputStreamResponseListener listener = new InputStreamResponseListener();
        server.client.newRequest(server.base + "/download").timeout(30, TimeUnit.SECONDS).send(listener);
        assertThat(listener.get(20, TimeUnit.SECONDS).getStatus()).isEqualTo(200);
        byte[] chunk = pattern(64 * 1024);
        byte[] piece = new byte[chunk.length];
        long total = 0;
        try (java.io.InputStream in = listener.getInputStream()) {
            // Read slowly at first so the server meets a full socket and must wait for onWritePossible.
            Thread.sleep(200);
            while (true) {
                int n = in.readNBytes(piece, 0, piece.length);
                if (n == 0) {
                    break;
                }
                assertThat(java.util.Arrays.equals(piece, 0, n, chunk, 0, n)).isTrue();
                total += n;
            }
        }
        assertThat(total).isEqualTo(BIG);
        assertThat(events).noneMatch(e -> e.startsWith("write error"));
    }
}
