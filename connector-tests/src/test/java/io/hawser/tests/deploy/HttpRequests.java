package io.hawser.tests.deploy;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;

/** Requests made with jetty-client, as the deployment tests send them. */
final class HttpRequests {
    private HttpRequests() {
    }

    /** @return a started client that does not follow redirects (tests check the 302s themselves) */
    static HttpClient client() throws Exception {
        HttpClient client = new HttpClient();
        client.setFollowRedirects(false);
        client.start();
        return client;
    }

    /**
     * @param client a started client
     * @param url the absolute URL
     * @param fields request field names and values, alternating
     * @return the response to a GET, within 20 seconds
     */
    static ContentResponse get(HttpClient client, String url, String... fields) throws Exception {
        Request r = client.newRequest(url).timeout(20, TimeUnit.SECONDS);
        for (int i = 0; i < fields.length; i += 2) {
            String name = fields[i];
            String value = fields[i + 1];
            r.headers(h -> h.put(name, value));
        }
        return r.send();
    }

    /**
     * Stops a test class's client, then its server; either may be {@code null} (a failed set-up).
     *
     * @param client the client
     * @param server the server
     */
    static void stop(HttpClient client, DeployedServer server) throws Exception {
        if (client != null) {
            client.stop();
        }
        if (server != null) {
            server.close();
        }
    }
}
