package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The example of Servlet 6.1 §13.8.2 and its table of what the constraints mean, row by row as
 * a client sees it: method × path × user → status (401 no user, 403 refused, 302 to the
 * confidential port, 200 served). GET and POST at {@code /*} are uncovered, so served.
 */
class SpecExampleConstraintsTest {
    private static WebApp app;

    @BeforeAll
    static void start() throws Exception {
        app = WebApp.create("/w", null, null);
        SecurityTestApps.specExample(app);
        app.setRealm(new SecurityTestApps.CountingRealm());
        app.setConfidentialPort(8443);
        app.servletContext().addServlet("all", TestServlets.servlet((req, res) -> res.getWriter().print("ok")))
                .addMapping("/");
        app.start();
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @ParameterizedTest(name = "{0} {1} as {2} → {3}")
    @CsvSource({
        // /* : every method but GET and POST precluded; GET and POST uncovered
        "GET,    /index.html,        -,          200",
        "POST,   /index.html,        -,          200",
        "PUT,    /index.html,        -,          403",
        "DELETE, /index.html,        clerk,      403",
        "HEAD,   /index.html,        -,          403",
        // /acme/wholesale/* : GET → CONTRACTOR SALESCLERK (not constrained), POST → CONTRACTOR (CONFIDENTIAL),
        // every other method (PUT too: precluded wins over SALESCLERK) precluded
        "GET,    /acme/wholesale/x,  -,          401",
        "GET,    /acme/wholesale/x,  clerk,      200",
        "GET,    /acme/wholesale/x,  contractor, 200",
        "GET,    /acme/wholesale/x,  home,       403",
        "GET,    /acme/wholesale/x,  nobody,     403",
        "GET,    /acme/wholesale,    clerk,      200",
        "POST,   /acme/wholesale/x,  contractor, 302",
        "POST,   /acme/wholesale/x,  -,          302",
        "PUT,    /acme/wholesale/x,  clerk,      403",
        "DELETE, /acme/wholesale/x,  contractor, 403",
        // /acme/retail/* : GET and POST → CONTRACTOR HOMEOWNER, others precluded
        "GET,    /acme/retail/x,     -,          401",
        "GET,    /acme/retail/x,     contractor, 200",
        "GET,    /acme/retail/x,     home,       200",
        "GET,    /acme/retail/x,     clerk,      403",
        "POST,   /acme/retail/x,     home,       200",
        "POST,   /acme/retail/x,     clerk,      403",
        "PUT,    /acme/retail/x,     home,       403",
        "OPTIONS, /acme/retail/x,    contractor, 403",
        // a path matching only /* by longest prefix: /acme/other is not under either
        "PUT,    /acme/other/x,      contractor, 403",
        "GET,    /acme/other/x,      -,          200",
    })
    void eachRowOfTheTable(String method, String path, String user, int status) {
        FakeExchange fake = FakeExchange.get("/w" + path).method(method);
        if (!user.equals("-")) {
            fake.header("Authorization", SecurityTestApps.basic(user));
        }
        new ServletAdapter(List.of(app)).handle(fake.build());
        assertThat(fake.status.get()).isEqualTo(status);
        if (status == 200) {
            assertThat(fake.body()).isEqualTo("ok");
        } else if (status == 401) {
            assertThat(fake.responseFields.get("WWW-Authenticate")).isEqualTo("Basic realm=\"/w\", charset=\"UTF-8\"");
        } else if (status == 302) {
            assertThat(fake.responseFields.get("Location")).isEqualTo("https://example.com:8443/w" + path);
        }
    }
}
