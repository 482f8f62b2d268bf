package io.hawser.boot;

import org.junit.jupiter.api.AfterEach;
import org.springframework.boot.web.server.WebServer;

/** A factory on a random port and the server a test makes from it, stopped after each test. */
abstract class WebServerTestBase {
    /** The factory under test, on port 0. */
    protected final HawserServletWebServerFactory factory = new HawserServletWebServerFactory(0);
    /** The server the test started, or {@code null}. */
    protected WebServer server;

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.stop();
        }
    }
}
