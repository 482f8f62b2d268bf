package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.Part;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.MultiPartRequestContent;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.MultiPart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** multipart/form-data through commons-fileupload2, under the servlet's multipart config. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServletMultipartEndToEndTest {
    private static final int MIB = 1024 * 1024;
    private static ServletServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("", app -> {
            ServletContext ctx = app.servletContext();
            ctx.addServlet("upload", servlet((req, res) -> {
                StringBuilder out = new StringBuilder("title=" + req.getParameter("title") + "\n");
                for (Part part : req.getParts()) {
                    MessageDigest sha = ServletAsyncEndToEndTest.sha256();
                    long size = 0;
                    try (InputStream in = part.getInputStream()) {
                        byte[] buf = new byte[64 * 1024];
                        for (int n; (n = in.read(buf)) > 0; ) {
                            sha.update(buf, 0, n);
                            size += n;
                        }
                    }
                    out.append(part.getName()).append(' ').append(part.getSubmittedFileName()).append(' ')
                            .append(part.getContentType()).append(' ').append(size).append(' ')
                            .append(part.getSize()).append(' ').append(HexFormat.of().formatHex(sha.digest())).append('\n');
                }
                res.setContentType("text/plain;charset=UTF-8");
                res.getWriter().print(out);
            })).setMultipartConfig(new MultipartConfigElement("", 64 * MIB, 80 * MIB, 1024 * 1024));
            ctx.getServletRegistration("upload").addMapping("/upload");
            ctx.addServlet("small", servlet((req, res) -> res.getWriter().print(req.getParts().size())))
                    .setMultipartConfig(new MultipartConfigElement("", 1024, 4096, 0));
            ctx.getServletRegistration("small").addMapping("/small");
            ctx.addServlet("none", servlet((req, res) -> {
                try {
                    req.getParts();
                } catch (IllegalStateException e) {
                    res.getWriter().print("no multipart config");
                }
            })).addMapping("/none");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static byte[] pattern(int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 131 + (i >>> 13));
        }
        return b;
    }

    private static ContentResponse post(String path, MultiPartRequestContent content) throws Exception {
        return server.client.newRequest(server.base + path).method(HttpMethod.POST).body(content)
                .timeout(100, TimeUnit.SECONDS).send();
    }

    @Test
    void uploads20MiBWithFieldsAsParameters() throws Exception {
        byte[] big = pattern(20 * MIB);
        MultiPartRequestContent content = new MultiPartRequestContent();
        content.addPart(new MultiPart.ByteBufferPart("title", null, HttpFields.EMPTY,
                ByteBuffer.wrap("Gr\u00fc\u00dfe".getBytes(StandardCharsets.UTF_8))));
        content.addPart(new MultiPart.ByteBufferPart("file", "big.bin",
                HttpFields.build().put(HttpHeader.CONTENT_TYPE, "application/octet-stream"), ByteBuffer.wrap(big)));
        content.close();
        ContentResponse r = server.client.newRequest(server.base + "/upload").method(HttpMethod.POST).body(content)
                .headers(h -> h.put("X-Ignored", "1")).timeout(100, TimeUnit.SECONDS).send();
        // The request has no charset, so the field is decoded as ISO-8859-1 unless the app sets one.
        String expectedSha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(big));
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).endsWith("file big.bin application/octet-stream " + big.length + " "
                + big.length + " " + expectedSha + "\n").contains("\ntitle null null 7 7 ")
                .startsWith("title=" + new String("Gr\u00fc\u00dfe".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
    }

    @Test
    void aPartOverMaxFileSizeIs413() throws Exception {
        MultiPartRequestContent content = new MultiPartRequestContent();
        content.addPart(new MultiPart.ByteBufferPart("file", "f.bin", HttpFields.EMPTY, ByteBuffer.wrap(new byte[2000])));
        content.close();
        assertThat(post("/small", content).getStatus()).isEqualTo(413);
    }

    @Test
    void getPartsWithoutMultipartConfigIsRefused() throws Exception {
        MultiPartRequestContent content = new MultiPartRequestContent();
        content.addPart(new MultiPart.ByteBufferPart("a", null, HttpFields.EMPTY, ByteBuffer.wrap(new byte[1])));
        content.close();
        assertThat(post("/none", content).getContentAsString()).isEqualTo("no multipart config");
    }
}
