package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The default error page (an {@code error-page} with neither code nor type, Servlet 6.1 §10.9.2), as Spring Boot's {@code /error} uses it. */
class GlobalErrorPageTest {
    private final WebApp app = WebApp.create("", null, null);

    @AfterEach
    void stop() {
        app.stop();
    }

    private FakeExchange run(String path) {
        FakeExchange fake = FakeExchange.get(path);
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    @Test
    void sendErrorAndExceptionsWithoutTheirOwnPageGoToTheDefaultPage() throws Exception {
        app.servletContext().addServlet("missing", TestServlets.servlet((req, res) -> res.sendError(404, "no such item")))
                .addMapping("/items/*");
        app.servletContext().addServlet("boom", TestServlets.servlet((req, res) -> {
            throw new IllegalStateException("bug");
        })).addMapping("/boom");
        app.servletContext().addServlet("error", TestServlets.servlet((req, res) -> res.getWriter().print("error page: "
                + req.getAttribute("jakarta.servlet.error.status_code") + " "
                + req.getAttribute("jakarta.servlet.error.request_uri") + " "
                + req.getAttribute("jakarta.servlet.error.message")))).addMapping("/error");
        app.setDefaultErrorPage("/error");
        app.start();
        FakeExchange missing = run("/items/7");
        assertThat(missing.status.get()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("error page: 404 /items/7 no such item");
        FakeExchange boom = run("/boom");
        assertThat(boom.status.get()).isEqualTo(500);
        assertThat(boom.body()).isEqualTo("error page: 500 /boom bug");
    }

    @Test
    void aStatusPageWinsOverTheDefaultPage() throws Exception {
        app.servletContext().addServlet("missing", TestServlets.servlet((req, res) -> res.sendError(404)))
                .addMapping("/items/*");
        app.servletContext().addServlet("pages", TestServlets.servlet((req, res) -> res.getWriter().print(req.getServletPath())))
                .addMapping("/error", "/404");
        app.setDefaultErrorPage("/error");
        app.addErrorPage(404, "/404");
        app.start();
        assertThat(run("/items/1").body()).isEqualTo("/404");
    }

    @Test
    void aLocationMustBeContextRelative() {
        assertThatThrownBy(() -> app.setDefaultErrorPage("error")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must start with /");
    }
}
