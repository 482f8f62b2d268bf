package io.hawser.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/** {@code server.shutdown=graceful}: closing the application lets an in-flight request finish and refuses new connections. */
class GracefulShutdownTest {
    @Test
    void anInFlightRequestCompletesWhileTheApplicationCloses() throws Exception {
        ConfigurableApplicationContext app = SpringApplication.run(SampleApplication.class, "--server.port=0");
        int port = ((WebServerApplicationContext) app).getWebServer().getPort();
        GreetingController controller = app.getBean(GreetingController.class);
        HttpClient client = HttpClient.newHttpClient();
        CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/slow")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(controller.awaitSlowStarted(10)).isTrue();
        CompletableFuture<Void> closing = CompletableFuture.runAsync(app::close);
        await().atMost(Duration.ofSeconds(10)).until(() -> refusesConnections(port));
        assertThat(closing).isNotDone();
        controller.release();
        HttpResponse<String> response = inFlight.get();
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("slow done");
        closing.get();
        assertThat(app.isActive()).isFalse();
    }

    private static boolean refusesConnections(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return false;
        } catch (ConnectException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
