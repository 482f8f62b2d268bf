package io.hawser.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The sample on a random port, through a real HTTP client: what a user of the app sees. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class SampleApplicationTest {
    private final HttpClient client = HttpClient.newHttpClient();

    @LocalServerPort
    private int port;

    @Autowired
    private WebServerApplicationContext context;

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    }

    private HttpRequest.Builder postJson(String path, String json) {
        return get(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
    }

    @Test
    void theServerIsHawserOnTheRandomPort() {
        assertThat(context.getWebServer().getClass().getName()).isEqualTo("io.hawser.boot.HawserWebServer");
        assertThat(context.getWebServer().getPort()).isEqualTo(port).isPositive();
    }

    @Test
    void jsonGet() throws Exception {
        HttpResponse<String> r = send(get("/api/greeting?name=Ada"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(r.body()).isEqualTo("{\"id\":null,\"name\":\"Ada\",\"message\":\"Hello, Ada!\"}");
    }

    @Test
    void jsonPostThenGetById() throws Exception {
        HttpResponse<String> created = send(postJson("/api/greetings", "{\"name\":\"Grace\"}"));
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.body()).matches("\\{\"id\":\\d+,\"name\":\"Grace\",\"message\":\"Hello, Grace!\"}");
        String id = created.body().replaceAll(".*\"id\":(\\d+).*", "$1");
        HttpResponse<String> read = send(get("/api/greetings/" + id));
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.body()).isEqualTo(created.body());
    }

    @Test
    void anInvalidBodyIs400WithBootsErrorBody() throws Exception {
        HttpResponse<String> r = send(postJson("/api/greetings", "{\"name\":\"\"}"));
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(r.body()).contains("\"status\":400").contains("\"error\":\"Bad Request\"")
                .contains("\"path\":\"/api/greetings\"").contains("\"timestamp\"");
    }

    @Test
    void malformedJsonIs400() throws Exception {
        HttpResponse<String> r = send(postJson("/api/greetings", "{\"name\":"));
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("\"status\":400").contains("\"path\":\"/api/greetings\"");
    }

    @Test
    void anUnknownPathIs404ThroughBootsErrorHandling() throws Exception {
        HttpResponse<String> r = send(get("/no/such/page").header("Accept", "application/json"));
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).contains("\"status\":404").contains("\"error\":\"Not Found\"")
                .contains("\"path\":\"/no/such/page\"");
    }

    @Test
    void aMissingGreetingIs404ThroughBootsErrorHandling() throws Exception {
        HttpResponse<String> r = send(get("/api/greetings/999999"));
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).contains("\"status\":404").contains("\"path\":\"/api/greetings/999999\"");
    }

    @Test
    void aBrowserGetsBootsWhitelabelPageFor404() throws Exception {
        HttpResponse<String> r = send(get("/no/such/page").header("Accept", "text/html"));
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        assertThat(r.body()).contains("Whitelabel Error Page");
    }

    @Test
    void theThymeleafPage() throws Exception {
        HttpResponse<String> r = send(get("/?name=%3Cb%3EAda"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/html;charset=UTF-8");
        assertThat(r.body()).contains("<h1>Hello, &lt;b&gt;Ada!</h1>").contains("href=\"/site.css\"");
    }

    @RepeatedTest(20) // the executor races the request's own thread: both orders must work
    void aCallableIsAnsweredThroughTheServletAsyncApi() throws Exception {
        HttpResponse<String> r = send(get("/api/async?name=Ada"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("Hello, Ada! (on another thread)");
    }

    @Test
    void aStaticResourceFromTheClassPath() throws Exception {
        HttpResponse<String> r = send(get("/site.css"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/css");
        assertThat(r.body()).isEqualTo("body { font-family: sans-serif; }\n");
        String etagOrModified = r.headers().firstValue("Last-Modified").orElseThrow();
        HttpResponse<String> again = send(get("/site.css").header("If-Modified-Since", etagOrModified));
        assertThat(again.statusCode()).isEqualTo(304);
    }

    @Test
    void multipartUpload() throws Exception {
        byte[] content = new byte[100_000];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 31);
        }
        String boundary = "hawserBoundary42";
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"data.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[head.length + content.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(content, 0, body, head.length, content.length);
        System.arraycopy(tail, 0, body, head.length + content.length, tail.length);
        HttpResponse<String> r = send(get("/api/upload").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
        assertThat(r.statusCode()).isEqualTo(200);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        assertThat(r.body()).contains("\"size\":100000").contains("\"sha256\":\"" + sha + "\"")
                .contains("\"name\":\"data.bin\"");
    }

    @Test
    void aSessionKeepsStateAcrossRequests() throws Exception {
        HttpResponse<String> first = send(get("/api/visits"));
        assertThat(first.body()).isEqualTo("{\"visits\":1}");
        String cookie = first.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).startsWith("JSESSIONID=").contains("HttpOnly");
        String session = cookie.substring(0, cookie.indexOf(';'));
        assertThat(send(get("/api/visits").header("Cookie", session)).body()).isEqualTo("{\"visits\":2}");
        assertThat(send(get("/api/visits").header("Cookie", session)).body()).isEqualTo("{\"visits\":3}");
        assertThat(send(get("/api/visits")).body()).isEqualTo("{\"visits\":1}");
    }

    @Test
    void actuatorHealthIsUp() throws Exception {
        HttpResponse<String> r = send(get("/actuator/health"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"status\":\"UP\"");
    }

    @Test
    void actuatorPublishesHawserMetrics() throws Exception {
        HttpResponse<String> names = send(get("/actuator/metrics"));
        assertThat(names.body()).contains("\"hawser.connections.open\"").contains("\"hawser.timeouts\"");
        HttpResponse<String> open = send(get("/actuator/metrics/hawser.connections.open"));
        assertThat(open.statusCode()).isEqualTo(200);
        // this very request's connection is open while the gauge is read
        assertThat(open.body()).contains("\"name\":\"hawser.connections.open\"")
                .containsPattern("\"statistic\":\"VALUE\",\"value\":[1-9]");
        HttpResponse<String> timeouts = send(get("/actuator/metrics/hawser.timeouts?tag=timeout:headers"));
        assertThat(timeouts.statusCode()).isEqualTo(200);
        HttpResponse<String> requests = send(get("/actuator/metrics/hawser.requests"));
        assertThat(requests.body()).contains("\"name\":\"hawser.requests\"")
                .containsPattern("\"statistic\":\"COUNT\",\"value\":[1-9]");
    }
}
