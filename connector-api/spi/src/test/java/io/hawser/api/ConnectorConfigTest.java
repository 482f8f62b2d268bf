package io.hawser.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConnectorConfigTest {
    private static final Pattern ROW = Pattern.compile("^\\| `(\\w+)(?:\\(\\.\\.\\.\\))?` \\| [^|]+ \\| ([^|]+) \\|");

    /** The defaults table of docs/configuration.md: option → its default column. */
    private static Map<String, String> documentedDefaults() throws Exception {
        Path docs = Paths.get("").toAbsolutePath();   // the module; docs/ is in the repository root above it
        while (!Files.isRegularFile(docs.resolve("docs/configuration.md"))) {
            docs = docs.getParent();
        }
        docs = docs.resolve("docs/configuration.md");
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(docs)) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                out.put(m.group(1), m.group(2).trim());
            }
        }
        return out;
    }

    /** @return the documented default as the getter's value: {@code 8192}, {@code 2 MiB}, {@code 20 s}, {@code -1 (none)}, {@code `0.0.0.0`} */
    private static Object parse(String text, Class<?> type) {
        String t = text.replace("`", "").replaceAll(" \\(none\\)$", "");
        if (type == Duration.class) {
            return DurationText.parse(t.replace(" ", ""));
        }
        if (type == boolean.class) {
            return Boolean.parseBoolean(t);
        }
        if (type == String.class) {
            return t;
        }
        long value;
        if (t.equals("cores")) {
            value = Runtime.getRuntime().availableProcessors();
        } else if (t.endsWith(" MiB")) {
            value = Long.parseLong(t.substring(0, t.length() - 4)) << 20;
        } else {
            value = Long.parseLong(t);
        }
        return type == int.class ? (Object) (int) value : (Object) value;
    }

    @Test
    void everyDocumentedDefaultIsTheDefault() throws Exception {
        Map<String, String> documented = documentedDefaults();
        ConnectorConfig defaults = ConnectorConfig.defaults();
        int checked = 0;
        for (Method getter : ConnectorConfig.class.getDeclaredMethods()) {
            if (getter.getParameterCount() != 0 || !java.lang.reflect.Modifier.isPublic(getter.getModifiers())
                    || java.lang.reflect.Modifier.isStatic(getter.getModifiers())
                    || getter.getReturnType() == ConnectorConfig.Builder.class
                    || getter.getName().equals("toString") || getter.getName().equals("hashCode")) {
                continue;
            }
            String name = getter.getName().equals("allowed") ? "allow" : getter.getName();
            assertThat(documented).as("docs/configuration.md has a row for " + name).containsKey(name);
            Object actual = getter.invoke(defaults);
            if (name.equals("allow")) {
                assertThat(documented.get(name)).isEqualTo("none");
                assertThat((java.util.Set<?>) actual).isEmpty();
            } else if (name.equals("tls") || name.equals("proxyProtocol")) {
                assertThat(documented.get(name)).isEqualTo("none");
                assertThat(actual).isNull();
            } else if (name.equals("listeners")) {
                assertThat(documented.get(name)).isEqualTo("`host:port`");
                assertThat(actual).isEqualTo(java.util.List.of(new Listener("0.0.0.0", 8080, false)));
            } else if (name.equals("complianceListener")) {
                assertThat(documented.get(name)).isEqualTo("none");
                assertThat(actual).isSameAs(ComplianceListener.NONE);
            } else {
                assertThat(actual).as(name).isEqualTo(parse(documented.get(name), getter.getReturnType()));
            }
            checked++;
        }
        assertThat(checked).isEqualTo(documented.size());
    }

    @ParameterizedTest(name = "{0}: {1} and {2} refused, {3} and {4} accepted")
    @CsvSource({
        "port, -2, 65536, 0, 65535",
        "tlsPort, -2, 65536, -1, 65535",
        "selectorLoops, 0, 1025, 1, 1024",
        "workerThreads, -1, 100001, 0, 100000",
        "acceptBacklog, 0, 1048577, 1, 1048576",
        "maxRequestLineLength, 63, 1048577, 64, 1048576",
        "maxFieldSectionSize, 255, 1048577, 256, 1048576",
        "maxFieldCount, 0, 10001, 1, 10000",
        "maxChunkExtensionLength, -1, 1048577, 0, 1048576",
        "maxTrailerSectionSize, -1, 1048577, 0, 1048576",
        "responseBufferSize, -1, 16777217, 0, 16777216",
        "maxConnections, 0, 10000001, 1, 10000000",
        "maxRequestsPerConnection, 0, -2, -1, 1",
    })
    void intOptionsAreBounded(String option, int low, int high, int min, int max) throws Exception {
        Method setter = ConnectorConfig.Builder.class.getMethod(option, int.class);
        Method getter = ConnectorConfig.class.getMethod(option);
        for (int bad : new int[] {low, high}) {
            assertThatThrownBy(() -> {
                try {
                    setter.invoke(ConnectorConfig.builder(), bad);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw e.getCause();
                }
            }).as(option + " " + bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(option).hasMessageContaining(String.valueOf(bad));
        }
        for (int good : new int[] {min, max}) {
            ConnectorConfig.Builder b = ConnectorConfig.builder()
                    .tls(TlsConfig.builder().keyStore(java.nio.file.Path.of("k.p12"), null, null).build());
            setter.invoke(b, good);
            assertThat(getter.invoke(b.build())).isEqualTo(good);
        }
    }

    @Test
    void listenersAreCleartextThenTlsThenAdded() {
        TlsConfig tls = TlsConfig.builder().keyStore(java.nio.file.Path.of("k.p12"), null, "pw".toCharArray()).build();
        ConnectorConfig c = ConnectorConfig.builder().host("127.0.0.1").port(8080).tls(tls).tlsPort(8443)
                .listener("::1", 9443, true).build();
        assertThat(c.listeners()).containsExactly(new Listener("127.0.0.1", 8080, false),
                new Listener("127.0.0.1", 8443, true), new Listener("::1", 9443, true));
        assertThat(ConnectorConfig.builder().port(-1).tls(tls).tlsPort(0).build().listeners())
                .containsExactly(new Listener("0.0.0.0", 0, true));
        assertThat(c.toBuilder().build().listeners()).isEqualTo(c.listeners());
    }

    @Test
    void aTlsListenerNeedsTlsAndSomeListenerIsLeft() {
        assertThatThrownBy(() -> ConnectorConfig.builder().tlsPort(8443).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs tls");
        assertThatThrownBy(() -> ConnectorConfig.builder().listener("127.0.0.1", 1, true).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs tls");
        assertThatThrownBy(() -> ConnectorConfig.builder().port(-1).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no listener");
        assertThatThrownBy(() -> TlsConfig.builder().build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("certificate");
        assertThatThrownBy(() -> TlsConfig.builder().protocols("TLSv1.1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TLSv1.1");
    }

    @Test
    void longOptionsAcceptMinusOneOrNonNegative() {
        assertThat(ConnectorConfig.builder().maxRequestBodySize(-1).build().maxRequestBodySize()).isEqualTo(-1);
        assertThat(ConnectorConfig.builder().maxRequestBodySize(0).build().maxRequestBodySize()).isZero();
        assertThatThrownBy(() -> ConnectorConfig.builder().maxRequestBodySize(-2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxRequestBodySize");
        assertThat(ConnectorConfig.builder().maxUnreadBodyDrain(0).build().maxUnreadBodyDrain()).isZero();
        assertThatThrownBy(() -> ConnectorConfig.builder().maxUnreadBodyDrain(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxUnreadBodyDrain");
    }

    @Test
    void timeoutsMustBePositive() {
        Map<String, Consumer<Duration>> timeouts = Map.of(
                "headersTimeout", d -> ConnectorConfig.builder().headersTimeout(d),
                "requestTimeout", d -> ConnectorConfig.builder().requestTimeout(d),
                "keepAliveTimeout", d -> ConnectorConfig.builder().keepAliveTimeout(d),
                "writeTimeout", d -> ConnectorConfig.builder().writeTimeout(d),
                "upgradedIdleTimeout", d -> ConnectorConfig.builder().upgradedIdleTimeout(d));
        timeouts.forEach((name, set) -> {
            for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofMillis(-1)}) {
                assertThatThrownBy(() -> set.accept(bad)).as(name + " " + bad)
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(name);
            }
            assertThatThrownBy(() -> set.accept(null)).isInstanceOf(NullPointerException.class);
            set.accept(Duration.ofMillis(1));
        });
    }

    @Test
    void nullsAreRefusedAndToBuilderKeepsEveryValue() {
        assertThatThrownBy(() -> ConnectorConfig.builder().host(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> ConnectorConfig.builder().complianceListener(null))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> ConnectorConfig.builder().allow((ComplianceViolation) null))
                .isInstanceOf(NullPointerException.class);
        ConnectorConfig c = ConnectorConfig.builder().host("::1").port(1).selectorLoops(3).workerThreads(7)
                .virtualThreads(false).allow(ComplianceViolation.values()).headersTimeout(Duration.ofMillis(1500))
                .maxRequestsPerConnection(9).build();
        ConnectorConfig copy = c.toBuilder().build();
        for (Method getter : ConnectorConfig.class.getDeclaredMethods()) {
            if (getter.getParameterCount() == 0 && java.lang.reflect.Modifier.isPublic(getter.getModifiers())
                    && !java.lang.reflect.Modifier.isStatic(getter.getModifiers())
                    && getter.getReturnType() != ConnectorConfig.Builder.class) {
                try {
                    assertThat(getter.invoke(copy)).as(getter.getName()).isEqualTo(getter.invoke(c));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        }
        assertThat(copy.allowed()).containsExactlyInAnyOrder(ComplianceViolation.values());
    }
}
