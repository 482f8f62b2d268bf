package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * WARs with Jakarta WebSocket endpoints as teams ship them: one bundling its own copy of Tyrus in
 * {@code WEB-INF/lib} (Tyrus's initializer is the server's to run: it runs once, and the endpoint
 * answers), and one whose web.xml is {@code metadata-complete} (WebSocket endpoints are found as a
 * container initializer's {@code @HandlesTypes} are, Servlet 6.1 §8.2.4, as on Tomcat).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WebSocketWarTest {
    private static final String ENDPOINT = """
            package com.acme;
            @jakarta.websocket.server.ServerEndpoint("/echo")
            public class Echo {
                @jakarta.websocket.OnMessage
                public String text(String message) { return "echo:" + message; }
            }
            """;

    @TempDir
    Path work;

    private Path war(String name, String webXml, boolean bundleTyrus) throws Exception {
        Path app = work.resolve(name);
        String classPath = String.join(File.pathSeparator, JavaSources.servletApiJar(),
                jarOf(jakarta.websocket.server.ServerEndpoint.class), jarOf(jakarta.websocket.OnMessage.class));
        JavaSources.compile(app.resolve("WEB-INF/classes"), classPath, Map.of("com.acme.Echo", ENDPOINT));
        if (webXml != null) {
            JavaSources.write(app.resolve("WEB-INF/web.xml"), webXml);
        }
        if (bundleTyrus) {
            Path lib = Files.createDirectories(app.resolve("WEB-INF/lib"));
            for (Class<?> c : new Class<?>[] {org.glassfish.tyrus.servlet.TyrusServletContainerInitializer.class,
                jakarta.websocket.server.ServerEndpoint.class, jakarta.websocket.OnMessage.class}) {
                Path jar = Path.of(jarOf(c));
                Files.copy(jar, lib.resolve(jar.getFileName()));
            }
        }
        return JavaSources.zip(app, work.resolve(name + ".war"));
    }

    private static String jarOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    @Test
    void aWarBundlingTyrusDeploysItsEndpointOnce() throws Exception {
        try (DeployedServer server = new DeployedServer(Map.of("/chat", war("bundled", null, true)))) {
            assertThat(server.apps.get(0).webApp().servletContext().getFilterRegistrations().keySet()
                    .stream().filter(f -> f.toLowerCase(java.util.Locale.ROOT).contains("websocket")
                            && !f.startsWith("hawser-"))).as("Tyrus's filter").hasSize(1);
            assertThat(echo(server.port(), "/chat/echo", "hi")).isEqualTo("echo:hi");
        }
    }

    @Test
    void aMetadataCompleteWarHasItsEndpoints() throws Exception {
        String webXml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\""
                + " version=\"6.1\" metadata-complete=\"true\"/>\n";
        try (DeployedServer server = new DeployedServer(Map.of("/mc", war("complete", webXml, false)))) {
            assertThat(echo(server.port(), "/mc/echo", "yo")).isEqualTo("echo:yo");
        }
    }

    /** @return the text the endpoint at {@code path} answers to {@code message}, over a raw socket */
    private static String echo(int port, String path, String message) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int c = in.read();
                assertThat(c).as("the handshake's response: " + head).isNotNegative();
                head.append((char) c);
            }
            assertThat(head.toString()).startsWith("HTTP/1.1 101 ");
            byte[] payload = message.getBytes(StandardCharsets.UTF_8);
            byte[] mask = {7, 1, 7, 1};
            byte[] frame = new byte[6 + payload.length];
            frame[0] = (byte) 0x81;
            frame[1] = (byte) (0x80 | payload.length);
            System.arraycopy(mask, 0, frame, 2, 4);
            for (int i = 0; i < payload.length; i++) {
                frame[6 + i] = (byte) (payload[i] ^ mask[i & 3]);
            }
            out.write(frame);
            assertThat(in.read()).as("a final text frame").isEqualTo(0x81);
            int len = in.read();
            return new String(in.readNBytes(len), StandardCharsets.UTF_8);
        }
    }
}
