package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resources from jars (Servlet 6.1 §4.6) as a client and a servlet see them: a WebJar-like jar in
 * {@code WEB-INF/lib} of a WAR built here, deployed at {@code /shop} and served by the real connector.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JarResourcesWarTest {
    private static final String LIB_JS = "/shop/webjars/lib/1.0/lib.js";
    /** Large enough to need several 64 KiB writes, and random so that compression cannot hide a mistake. */
    private static final String BIG;

    static {
        StringBuilder s = new StringBuilder();
        Random random = new Random(7);
        while (s.length() < 300_000) {
            s.append((char) ('a' + random.nextInt(26)));
        }
        BIG = s.toString();
    }

    @TempDir
    static Path tmp;
    private static DeployedServer server;
    private static HttpClient client;

    @BeforeAll
    static void deploy() throws Exception {
        Path lib = tmp.resolve("lib");
        JavaSources.write(lib.resolve("META-INF/resources/webjars/lib/1.0/lib.js"), "var lib = '1.0';\n");
        JavaSources.write(lib.resolve("META-INF/resources/webjars/lib/1.0/big.txt"), BIG);
        JavaSources.write(lib.resolve("META-INF/resources/shadowed.txt"), "from the jar");
        JavaSources.write(lib.resolve("META-INF/resources/docs/index.html"), "jar welcome");
        JavaSources.write(lib.resolve("META-INF/resources/WEB-INF/hidden.txt"), "jar private");
        JavaSources.write(lib.resolve("META-INF/secret.txt"), "beside the resources");
        JavaSources.write(lib.resolve("com/example/secret.txt"), "in the jar's root");
        Path app = tmp.resolve("shop");
        JavaSources.zip(lib, app.resolve("WEB-INF/lib/lib-1.0.jar"));
        JavaSources.write(app.resolve("shadowed.txt"), "from the war");
        JavaSources.compile(app.resolve("WEB-INF/classes"), JavaSources.servletApiJar(), Map.of("com.shop.Probe", """
                package com.shop;
                import jakarta.servlet.annotation.WebServlet;
                import jakarta.servlet.http.*;
                import java.io.*;
                @WebServlet("/probe")
                public class Probe extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws IOException {
                        var ctx = getServletContext();
                        String path = q.getParameter("path");
                        var url = ctx.getResource(path);
                        String body = "";
                        try (InputStream in = ctx.getResourceAsStream(path)) {
                            body = in == null ? "none" : new String(in.readAllBytes(), "UTF-8");
                        }
                        r.setContentType("text/plain");
                        r.getWriter().print("paths=" + ctx.getResourcePaths(path) + "\\nurl=" + url
                                + "\\nreal=" + ctx.getRealPath(path) + "\\nbody=" + body);
                    }
                }
                """));
        server = new DeployedServer(Map.of("/shop", JavaSources.zip(app, tmp.resolve("shop.war"))));
        client = HttpRequests.client();
    }

    @AfterAll
    static void stop() throws Exception {
        HttpRequests.stop(client, server);
    }

    private static ContentResponse get(String path, String... fields) throws Exception {
        return HttpRequests.get(client, server.base() + path, fields);
    }

    @Test
    void aJarResourceIsServedWithItsTypeAndValidators() throws Exception {
        ContentResponse r = get(LIB_JS);
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getMediaType()).isEqualTo("text/javascript");
        assertThat(r.getContentAsString()).isEqualTo("var lib = '1.0';\n");
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo("17");
        String etag = r.getHeaders().get(HttpHeader.ETAG);
        assertThat(etag).matches("\"[0-9a-f]+-[0-9a-f]+\"");
        assertThat(r.getHeaders().get(HttpHeader.LAST_MODIFIED)).endsWith(" GMT");

        ContentResponse notModified = get(LIB_JS, "If-None-Match", etag);
        assertThat(notModified.getStatus()).isEqualTo(304);
        assertThat(notModified.getContent()).isEmpty();
        assertThat(get(LIB_JS, "If-Modified-Since", r.getHeaders().get(HttpHeader.LAST_MODIFIED)).getStatus())
                .isEqualTo(304);
        assertThat(get(LIB_JS, "If-Match", "\"other\"").getStatus()).isEqualTo(412);
    }

    @Test
    void rangesOfAJarResource() throws Exception {
        ContentResponse one = get(LIB_JS, "Range", "bytes=4-6");
        assertThat(one.getStatus()).isEqualTo(206);
        assertThat(one.getHeaders().get(HttpHeader.CONTENT_RANGE)).isEqualTo("bytes 4-6/17");
        assertThat(one.getContentAsString()).isEqualTo("lib");

        String big = "/shop/webjars/lib/1.0/big.txt";
        ContentResponse whole = get(big);
        assertThat(whole.getContentAsString()).isEqualTo(BIG);
        ContentResponse two = get(big, "Range", "bytes=200000-200009,10-19");
        assertThat(two.getStatus()).isEqualTo(206);
        assertThat(two.getMediaType()).isEqualTo("multipart/byteranges");
        String parts = two.getContentAsString();
        assertThat(parts.indexOf(BIG.substring(200000, 200010))).isPositive()
                .isLessThan(parts.indexOf(BIG.substring(10, 20)));
        assertThat(get(big, "Range", "bytes=400000-").getStatus()).isEqualTo(416);
    }

    @Test
    void theWarsOwnFileShadowsTheJars() throws Exception {
        assertThat(get("/shop/shadowed.txt").getContentAsString()).isEqualTo("from the war");
        assertThat(get("/shop/probe?path=/shadowed.txt").getContentAsString()).contains("body=from the war");
    }

    @Test
    void aWelcomeFileInAJarIsServed() throws Exception {
        assertThat(get("/shop/docs").getStatus()).isEqualTo(302);
        ContentResponse welcome = get("/shop/docs/");
        assertThat(welcome.getStatus()).isEqualTo(200);
        assertThat(welcome.getContentAsString()).isEqualTo("jar welcome");
    }

    @Test
    void aServletSeesJarResourcesThroughItsContext() throws Exception {
        String file = get("/shop/probe?path=/webjars/lib/1.0/lib.js").getContentAsString();
        assertThat(file).contains("paths=null", "real=null", "body=var lib = '1.0';")
                .containsPattern("url=jar:file:.*lib-1\\.0\\.jar!/META-INF/resources/webjars/lib/1\\.0/lib\\.js");
        String dir = get("/shop/probe?path=/webjars/lib/1.0/").getContentAsString();
        assertThat(dir).contains("paths=[/webjars/lib/1.0/big.txt, /webjars/lib/1.0/lib.js]");
        String root = get("/shop/probe?path=/").getContentAsString();
        assertThat(root).contains("paths=[/WEB-INF/, /docs/, /shadowed.txt, /webjars/]");
        assertThat(get("/shop/probe?path=/shadowed.txt").getContentAsString()).containsPattern("real=/.*shadowed\\.txt");
    }

    @Test
    void nothingBesideAJarsResourcesOrUnderItsWebInfIsServed() throws Exception {
        for (String path : new String[] {"/shop/WEB-INF/hidden.txt", "/shop/web-inf/hidden.txt",
                "/shop/META-INF/resources/shadowed.txt", "/shop/webjars/../../secret.txt", "/shop/%2e%2e/secret.txt",
                "/shop/webjars/lib/..%2f..%2f..%2fcom/example/secret.txt", "/shop/..%5c..%5ccom%5cexample%5csecret.txt",
                "/shop/com/example/secret.txt", "/shop/secret.txt", "/shop/webjars/lib/1.0/lib.js/"}) {
            String raw = RawRequest.get(server.port(), path);
            assertThat(RawRequest.status(raw)).as(path).isIn(400, 404);
            assertThat(raw).as(path).doesNotContain("jar private").doesNotContain("beside the resources")
                    .doesNotContain("in the jar's root").doesNotContain("var lib");
        }
        assertThat(get("/shop/probe?path=/../secret.txt").getContentAsString()).contains("body=none");
        assertThat(get("/shop/probe?path=/WEB-INF/hidden.txt").getContentAsString()).contains("body=jar private");
    }
}
