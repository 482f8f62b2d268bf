package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.samples.servlet.ServletServer;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The embedded sample's second main: a servlet registered in code, no WAR. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class EmbeddedServletTest {
    @Test
    void aServletRegisteredInCodeAnswers() throws Exception {
        Connector connector = ServletServer.start(ConnectorConfig.builder().host("127.0.0.1").port(0).build());
        HttpClient client = new HttpClient();
        client.start();
        try {
            ContentResponse r = client.GET("http://127.0.0.1:" + connector.port() + "/greeting?name=Ada");
            assertThat(r.getStatus()).isEqualTo(200);
            assertThat(r.getContentAsString()).isEqualTo("Hello, Ada!");
            assertThat(client.GET("http://127.0.0.1:" + connector.port() + "/other").getStatus()).isEqualTo(404);
        } finally {
            client.stop();
            connector.close();
        }
    }
}
