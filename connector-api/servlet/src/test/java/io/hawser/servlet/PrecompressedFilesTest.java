package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The default servlet sends {@code file.br} or {@code file.gz} when the client accepts it and it is not stale. */
class PrecompressedFilesTest {
    @TempDir
    Path base;
    private WebApp app;

    @BeforeEach
    void files() throws Exception {
        Files.writeString(base.resolve("app.js"), "plain");
        Files.writeString(base.resolve("app.js.gz"), "gzip bytes");
        Files.writeString(base.resolve("app.js.br"), "brotli bytes!");
        Files.writeString(base.resolve("old.css"), "plain css");
        Files.writeString(base.resolve("old.css.gz"), "stale");
        Files.setLastModifiedTime(base.resolve("old.css.gz"), FileTime.fromMillis(1_000_000_000_000L));
        Files.writeString(base.resolve("alone.txt"), "alone");
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    private FakeExchange get(String target, String acceptEncoding, String precompressed) throws Exception {
        if (app == null) {
            app = WebApp.create("", base, null);
            var reg = app.servletContext().addServlet("default", new DefaultServlet(base, List.of()));
            reg.addMapping("/");
            if (precompressed != null) {
                reg.setInitParameter("precompressed", precompressed);
            }
            app.start();
        }
        FakeExchange fake = FakeExchange.get(target);
        if (acceptEncoding != null) {
            fake.header("Accept-Encoding", acceptEncoding);
        }
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    @ParameterizedTest(name = "Accept-Encoding: {0} → {1}")
    @CsvSource(delimiter = '|', nullValues = "(none)", value = {
        "gzip, br|br|brotli bytes!",
        "br;q=0.5, gzip|gzip|gzip bytes",
        "gzip|gzip|gzip bytes",
        "*|br|brotli bytes!",
        "br;q=0, *;q=0.1|gzip|gzip bytes",
        "identity|(none)|plain",
        "gzip;q=0, br;q=0|(none)|plain",
        "(none)|(none)|plain",
    })
    void theAcceptedSiblingIsSent(String acceptEncoding, String coding, String body) throws Exception {
        FakeExchange r = get("/app.js", acceptEncoding, null);
        assertThat(r.status.get()).isEqualTo(200);
        assertThat(r.responseFields.get("Content-Encoding")).isEqualTo(coding);
        assertThat(r.responseFields.get("Content-Type")).startsWith("text/javascript");
        assertThat(r.responseFields.get("Vary")).isEqualTo("Accept-Encoding");
        assertThat(r.responseFields.get("Content-Length")).isEqualTo(Integer.toString(body.length()));
        assertThat(new String(r.responseBody.bytes(), StandardCharsets.UTF_8)).isEqualTo(body);
    }

    @Test
    void eachVariantHasItsOwnEntityTag() throws Exception {
        String gz = get("/app.js", "gzip", null).responseFields.get("ETag");
        String plain = get("/app.js", null, null).responseFields.get("ETag");
        assertThat(gz).isNotEqualTo(plain).startsWith("\"");
        assertThat(get("/app.js", "gzip", null).responseFields.get("ETag")).isEqualTo(gz);
    }

    @Test
    void aStaleSiblingOrNoneIsNeverSent() throws Exception {
        FakeExchange stale = get("/old.css", "gzip", null);
        assertThat(stale.responseFields.get("Content-Encoding")).isNull();
        assertThat(stale.responseFields.get("Vary")).isNull();
        assertThat(stale.body()).isEqualTo("plain css");
        assertThat(get("/alone.txt", "gzip", null).responseFields.get("Vary")).isNull();
    }

    @Test
    void theSiblingItselfIsAPlainFile() throws Exception {
        FakeExchange r = get("/app.js.gz", "gzip", null);
        assertThat(r.responseFields.get("Content-Encoding")).isNull();
        assertThat(r.body()).isEqualTo("gzip bytes");
    }

    @Test
    void theInitParameterTurnsItOff() throws Exception {
        FakeExchange r = get("/app.js", "gzip, br", "false");
        assertThat(r.responseFields.get("Content-Encoding")).isNull();
        assertThat(r.body()).isEqualTo("plain");
    }
}
