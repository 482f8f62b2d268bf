package io.hawser.tests.sessions;

import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionPersistence;
import io.hawser.servlet.WebApp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One Hawser instance of a test cluster, in this JVM on its own port: the {@link SessionServlet} app
 * at {@code /app}, {@code <distributable/>}, its sessions in its own store object (own connections) on
 * the shared database or Redis.
 */
final class ClusterNode implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    final WebApp app;
    final SessionDataStore store;
    private final NioConnector connector;

    /** What a response said: status, body, and the session id of a {@code Set-Cookie} (or {@code null}). */
    record Answer(int status, String body, String cookie) {
    }

    ClusterNode(SessionDataStore store, Duration callTimeout) throws Exception {
        this(SessionPersistence.of(store).withCallTimeout(callTimeout));
    }

    ClusterNode(SessionPersistence persistence) throws Exception {
        this.store = persistence.store();
        app = WebApp.create("/app", null, ClusterNode.class.getClassLoader());
        app.setDistributable(true);
        app.setSessionPersistence(persistence);
        app.servletContext().addServlet("s", new SessionServlet()).addMapping("/s/*");
        app.start();
        connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).build(),
                new ServletAdapter(List.of(app)));
        connector.start();
    }

    int port() {
        return connector.port();
    }

    private HttpRequest request(String pathAndQuery, String sessionId) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + "/app/s/" + pathAndQuery))
                .timeout(Duration.ofSeconds(30));
        if (sessionId != null) {
            b.header("Cookie", "JSESSIONID=" + sessionId);
        }
        return b.build();
    }

    private static Answer answer(HttpResponse<String> r) {
        String cookie = r.headers().allValues("set-cookie").stream().filter(c -> c.startsWith("JSESSIONID="))
                .map(c -> c.substring("JSESSIONID=".length(), c.indexOf(';'))).findFirst().orElse(null);
        return new Answer(r.statusCode(), r.body(), cookie);
    }

    /** @return the answer to {@code GET /app/s/PATH}, with the session cookie when {@code sessionId} is given */
    Answer get(String pathAndQuery, String sessionId) throws IOException, InterruptedException {
        return answer(HTTP.send(request(pathAndQuery, sessionId), HttpResponse.BodyHandlers.ofString()));
    }

    /** @return the answer to come of {@code GET /app/s/PATH}, sent now */
    CompletableFuture<Answer> send(String pathAndQuery, String sessionId) {
        return HTTP.sendAsync(request(pathAndQuery, sessionId), HttpResponse.BodyHandlers.ofString())
                .thenApply(ClusterNode::answer);
    }

    @Override
    public void close() throws InterruptedException {
        connector.stop(Duration.ofSeconds(2));
        app.stop();
        store.close();
    }
}
