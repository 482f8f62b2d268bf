package io.hawser.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Actuator on a port of its own ({@code management.server.port}): a second Hawser server. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class ManagementPortTest {
    private final HttpClient client = HttpClient.newHttpClient();

    @LocalServerPort
    private int port;

    @LocalManagementPort
    private int managementPort;

    private HttpResponse<String> get(int on, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + on + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void healthIsOnTheManagementPortAndTheApiOnTheOther() throws Exception {
        assertThat(managementPort).isPositive().isNotEqualTo(port);
        HttpResponse<String> health = get(managementPort, "/actuator/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"status\":\"UP\"");
        assertThat(get(port, "/actuator/health").statusCode()).isEqualTo(404);
        assertThat(get(port, "/api/greeting").body()).contains("Hello, World!");
        assertThat(get(managementPort, "/api/greeting").statusCode()).isEqualTo(404);
    }
}
