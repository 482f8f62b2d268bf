package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import io.hawser.nio.NioConnector;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** 103 Early Hints (RFC 8297) through the SPI's {@code sendInterim}, and the field rules it shares with final responses. */
class InterimResponseTest {
    private static NioConnector server;

    /** A field section of the handler's own making, not a {@link MutableHttpFields} that checks as it is built. */
    private record OwnFields(String name, String value) implements HttpFields {
        @Override
        public int size() {
            return 1;
        }

        @Override
        public String name(int index) {
            return name;
        }

        @Override
        public String value(int index) {
            return value;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = RawHttp.start(exchange -> {
            String outcome = "sent";
            try {
                HttpFields hints = switch (exchange.path()) {
                    case "/hints" -> new MutableHttpFields().add("Link", "</a.css>; rel=preload; as=style");
                    case "/own" -> new OwnFields("Link", "</b.js>; rel=preload");
                    case "/split" -> new OwnFields("Link", "</c>\r\nSet-Cookie: injected=1");
                    default -> new OwnFields("Bad Name", "x");
                };
                exchange.sendInterim(103, hints);
            } catch (IllegalArgumentException e) {
                outcome = "refused";
            }
            exchange.responseBody().write(outcome.getBytes(StandardCharsets.US_ASCII));
        });
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void earlyHintsGoOutBeforeTheFinalResponse() throws Exception {
        for (String path : new String[] {"/hints", "/own"}) {
            try (RawHttp c = RawHttp.connect(server.port())) {
                c.send("GET " + path + " HTTP/1.1\r\nHost: a\r\n\r\n");
                RawHttp.Response hints = c.readAny();
                assertThat(hints.status).as(path).isEqualTo(103);
                assertThat(hints.reason).isEqualTo("Early Hints");
                assertThat(hints.header("Link")).startsWith("</");
                RawHttp.Response last = c.read();
                assertThat(last.status).isEqualTo(200);
                assertThat(new String(last.body, StandardCharsets.US_ASCII)).isEqualTo("sent");
            }
        }
    }

    @Test
    void fieldsThatWouldSplitTheInterimResponseAreRefusedToTheHandler() throws Exception {
        for (String path : new String[] {"/split", "/bad-name"}) {
            try (RawHttp c = RawHttp.connect(server.port())) {
                c.send("GET " + path + " HTTP/1.1\r\nHost: a\r\n\r\n");
                RawHttp.Response r = c.readAny();
                assertThat(r.status).as(path + ": no 103 is sent").isEqualTo(200);
                assertThat(r.header("Set-Cookie")).isNull();
                assertThat(new String(r.body, StandardCharsets.US_ASCII)).isEqualTo("refused");
            }
        }
    }
}
