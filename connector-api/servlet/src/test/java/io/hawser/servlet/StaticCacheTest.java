package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.ServletException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The default servlet's cache ({@link StaticCache}) as a client sees it, on a fake clock: what is
 * answered within {@code cacheValidationTime}, after it, and what the bounds drop.
 */
class StaticCacheTest {
    @TempDir
    Path base;
    @TempDir
    Path elsewhere;
    private final FakeClock clock = new FakeClock();
    private final Map<String, String> params = new LinkedHashMap<>();
    private long mtime = 1_600_000_000_000L;
    private WebApp app;
    private DefaultServlet servlet;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    /** Writes a file with a modification time of its own (later on each write). */
    private void write(String name, String content) throws Exception {
        Path file = base.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        mtime += 1000;
        Files.setLastModifiedTime(file, FileTime.fromMillis(mtime));
    }

    private void start() throws Exception {
        app = WebApp.create("", base, null, clock);
        servlet = new DefaultServlet(base, List.of());
        var reg = app.servletContext().addServlet("default", servlet);
        reg.addMapping("/");
        reg.setLoadOnStartup(1);
        params.forEach(reg::setInitParameter);
        app.start();
    }

    private FakeExchange request(String method, String target, String... fields) throws Exception {
        if (app == null) {
            start();
        }
        FakeExchange fake = FakeExchange.get(target).method(method);
        for (int i = 0; i < fields.length; i += 2) {
            fake.header(fields[i], fields[i + 1]);
        }
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    private FakeExchange get(String target, String... fields) throws Exception {
        return request("GET", target, fields);
    }

    @Test
    void aChangedFileIsServedAsItWasUntilTheValidationTimeThenAsItIs() throws Exception {
        write("page.txt", "first");
        FakeExchange before = get("/page.txt");
        assertThat(before.body()).isEqualTo("first");
        String etag = before.responseFields.get("ETag");
        write("page.txt", "second version");

        clock.advanceMillis(4999);
        FakeExchange within = get("/page.txt");
        assertThat(within.body()).isEqualTo("first");
        assertThat(within.responseFields.get("ETag")).isEqualTo(etag);
        assertThat(within.responseFields.get("Content-Length")).isEqualTo("5");
        assertThat(within.responseFields.get("Last-Modified")).isEqualTo(before.responseFields.get("Last-Modified"));

        clock.advanceMillis(1);
        FakeExchange after = get("/page.txt");
        assertThat(after.body()).isEqualTo("second version");
        assertThat(after.responseFields.get("ETag")).isNotEqualTo(etag);
        assertThat(after.responseFields.get("Content-Length")).isEqualTo("14");
        assertThat(get("/page.txt", "If-None-Match", etag).status.get()).isEqualTo(200);
        assertThat(get("/page.txt", "If-None-Match", after.responseFields.get("ETag")).status.get()).isEqualTo(304);
    }

    @Test
    void aDeletedFileIs404AfterTheValidationTimeAndANewOneIsFound() throws Exception {
        write("gone.txt", "here");
        assertThat(get("/gone.txt").status.get()).isEqualTo(200);
        assertThat(get("/later.txt").status.get()).isEqualTo(404);
        Files.delete(base.resolve("gone.txt"));
        write("later.txt", "new");

        assertThat(get("/gone.txt").body()).isEqualTo("here");
        assertThat(get("/later.txt").status.get()).isEqualTo(404);
        clock.advanceSeconds(5);
        assertThat(get("/gone.txt").status.get()).isEqualTo(404);
        assertThat(get("/later.txt").body()).isEqualTo("new");
    }

    @Test
    void rangesAndHeadAgreeWithTheHeldBytesWhileTheFileChangesOnDisk() throws Exception {
        write("digits.txt", "0123456789");
        assertThat(get("/digits.txt").body()).isEqualTo("0123456789");
        write("digits.txt", "abcdefghijklmnop");

        FakeExchange range = get("/digits.txt", "Range", "bytes=2-4");
        assertThat(range.status.get()).isEqualTo(206);
        assertThat(range.responseFields.get("Content-Range")).isEqualTo("bytes 2-4/10");
        assertThat(range.body()).isEqualTo("234");
        FakeExchange two = get("/digits.txt", "Range", "bytes=0-0,-1");
        assertThat(two.status.get()).isEqualTo(206);
        assertThat(two.body()).contains("Content-Range: bytes 0-0/10\r\n\r\n0")
                .contains("Content-Range: bytes 9-9/10\r\n\r\n9");
        FakeExchange head = request("HEAD", "/digits.txt");
        assertThat(head.responseFields.get("Content-Length")).isEqualTo("10");
        assertThat(head.responseBody.bytes()).isEmpty();
    }

    @Test
    void aFileReplacedByALinkOutOfTheAppIsNeverServed() throws Exception {
        params.put("maxCachedFileSize", "8");
        Files.writeString(elsewhere.resolve("secret.txt"), "the secret outside the app");
        write("small.txt", "small");
        write("large.txt", "larger than eight bytes");
        assertThat(get("/small.txt").body()).isEqualTo("small");
        assertThat(get("/large.txt").body()).isEqualTo("larger than eight bytes");
        for (String name : List.of("small.txt", "large.txt")) {
            Files.delete(base.resolve(name));
            Files.createSymbolicLink(base.resolve(name), elsewhere.resolve("secret.txt"));
        }

        // Held bytes were read from the file inside the app; a file sent from disk is resolved again first.
        assertThat(get("/small.txt").body()).isEqualTo("small");
        assertThat(get("/large.txt").status.get()).isEqualTo(404);
        clock.advanceSeconds(5);
        assertThat(get("/small.txt").status.get()).isEqualTo(404);
        assertThat(get("/large.txt").status.get()).isEqualTo(404);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "maxCachedFileSize|8|1", // a file above it: resolved again on each request, so sent as it is now
        "cacheValidationTime|0|0", // no cache at all
    })
    void aRewrittenFileIsServedChangedAtOnce(String name, String value, int entries) throws Exception {
        params.put(name, value);
        write("large.txt", "larger than eight bytes");
        assertThat(get("/large.txt").body()).isEqualTo("larger than eight bytes");
        write("large.txt", "rewritten, and longer than before");
        FakeExchange now = get("/large.txt");
        assertThat(now.body()).isEqualTo("rewritten, and longer than before");
        assertThat(now.responseFields.get("Content-Length")).isEqualTo("33");
        assertThat(servlet.cache().size()).isEqualTo(entries);
    }

    @Test
    void precompressedSiblingsAreFoundAndDroppedAfterTheValidationTime() throws Exception {
        write("app.js", "plain");
        assertThat(get("/app.js", "Accept-Encoding", "gzip").responseFields.get("Vary")).isNull();
        write("app.js.gz", "gzip bytes");

        assertThat(get("/app.js", "Accept-Encoding", "gzip").body()).isEqualTo("plain");
        clock.advanceSeconds(5);
        FakeExchange gz = get("/app.js", "Accept-Encoding", "gzip");
        assertThat(gz.responseFields.get("Content-Encoding")).isEqualTo("gzip");
        assertThat(gz.responseFields.get("Vary")).isEqualTo("Accept-Encoding");
        assertThat(gz.body()).isEqualTo("gzip bytes");
        assertThat(get("/app.js").body()).isEqualTo("plain");

        write("app.js", "plain, newer than its sibling");
        clock.advanceSeconds(5);
        FakeExchange stale = get("/app.js", "Accept-Encoding", "gzip");
        assertThat(stale.responseFields.get("Content-Encoding")).isNull();
        assertThat(stale.body()).isEqualTo("plain, newer than its sibling");
    }

    @Test
    void theLeastRecentlyUsedPathGoesBeyondMaxCachedFiles() throws Exception {
        params.put("maxCachedFiles", "3");
        for (String name : List.of("a", "b", "c", "d")) {
            write(name + ".txt", name + " before");
        }
        for (String name : List.of("a", "b", "c", "a", "d")) { // b is now the least recently used
            assertThat(get("/" + name + ".txt").body()).isEqualTo(name + " before");
            clock.advanceMillis(2);
        }
        for (String name : List.of("a", "b", "c", "d")) {
            write(name + ".txt", name + " after");
        }
        assertThat(get("/b.txt").body()).isEqualTo("b after"); // dropped, so read again (c goes now)
        assertThat(get("/a.txt").body()).isEqualTo("a before");
        assertThat(get("/d.txt").body()).isEqualTo("d before");
        assertThat(servlet.cache().size()).isEqualTo(3);

        for (int i = 0; i < 200; i++) {
            assertThat(get("/missing-" + i).status.get()).isEqualTo(404);
        }
        assertThat(servlet.cache().size()).isLessThanOrEqualTo(3);
    }

    @Test
    void heldBytesStayWithinMaxCacheSize() throws Exception {
        params.put("maxCachedFileSize", "100");
        params.put("maxCacheSize", "250");
        String hundred = "x".repeat(99);
        for (String name : List.of("x", "y", "z")) {
            write(name + ".txt", name + hundred);
        }
        for (String name : List.of("x", "y", "z")) {
            assertThat(get("/" + name + ".txt").body()).isEqualTo(name + hundred);
            assertThat(servlet.cache().heldBytes()).isLessThanOrEqualTo(250);
            clock.advanceMillis(2);
        }
        write("x.txt", "x changed");
        write("z.txt", "z changed");
        assertThat(get("/x.txt").body()).isEqualTo("x changed");
        assertThat(get("/z.txt").body()).isEqualTo("z" + hundred);
        assertThat(servlet.cache().heldBytes()).isLessThanOrEqualTo(250);

        String longPath = "/" + "p".repeat(120); // made-up paths count their length
        for (int i = 0; i < 10; i++) {
            assertThat(get(longPath + i).status.get()).isEqualTo(404);
            assertThat(servlet.cache().heldBytes()).isLessThanOrEqualTo(250);
        }
    }

    @Test
    void concurrentHitsAndMissesWhileEvictingAnswerRightAndStayBounded() throws Exception {
        params.put("maxCachedFiles", "20");
        for (int i = 0; i < 40; i++) {
            write("f" + i + ".txt", "file " + i);
        }
        start();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        int n = (i * 7 + seed * 13) % 40;
                        FakeExchange r = get("/f" + n + ".txt");
                        assertThat(r.body()).isEqualTo("file " + n);
                        assertThat(get("/none-" + seed + "-" + i).status.get()).isEqualTo(404);
                    }
                    return null;
                }));
            }
            for (var f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertThat(servlet.cache().size()).isLessThanOrEqualTo(20);
    }

    @Test
    void aValidationTimeOfMinusOneNeverLooksAgain() throws Exception {
        params.put("cacheValidationTime", "-1");
        write("page.txt", "first");
        assertThat(get("/page.txt").body()).isEqualTo("first");
        write("page.txt", "second");
        clock.advanceSeconds(365L * 24 * 3600);
        assertThat(get("/page.txt").body()).isEqualTo("first");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "cacheValidationTime|-2|init-param cacheValidationTime must be a number of milliseconds (0: no cache, -1: never revalidated) from -1 to",
        "cacheValidationTime|5s|not '5s'",
        "maxCachedFiles|-1|init-param maxCachedFiles must be a number of paths (0: no cache) from 0 to",
        "maxCachedFileSize|4294967296|init-param maxCachedFileSize must be a number of bytes from 0 to 2147483639",
        "maxCacheSize|1000|maxCachedFileSize (16384) must not exceed maxCacheSize (1000)",
    })
    void aBadValueFailsTheStartNamingIt(String name, String value, String message) throws Exception {
        params.put(name, value);
        assertThatThrownBy(this::start).isInstanceOf(ServletException.class)
                .hasMessageContaining("servlet 'default'").hasMessageContaining(message);
    }
}
