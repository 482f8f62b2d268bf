package io.hawser.conformance;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The target of a kit run and how to run against it.
 *
 * @param baseUrl where the echo WAR is deployed: {@code http://host:port/ctx/} or {@code https://...},
 *     ending in {@code /}; the raw-socket corpus needs the context path {@code /} (its request
 *     targets are fixed bytes such as {@code /echo})
 * @param tls how to speak TLS to an {@code https} target, or null for {@code http}
 * @param serverTimeouts the server's timeouts by option name ({@code headers-timeout},
 *     {@code request-timeout}, {@code keep-alive-timeout}); the {@code timeouts} group runs only when
 *     at least one is known, and its cases wait that long plus {@link RunSettings#TIMEOUT_MARGIN_SECONDS}
 * @param strict whether the corpus's {@code prefer-status} / {@code prefer-close} replace its expectations
 * @param caseTimeoutSeconds seconds a corpus case waits for its outcome unless it sets its own
 * @param graceSeconds quiet seconds after the expected responses, to catch extra bytes or a late close
 */
public record KitConfig(URI baseUrl, Tls tls, Map<String, Duration> serverTimeouts, boolean strict,
        double caseTimeoutSeconds, double graceSeconds) {

    /** The names of the server timeouts the kit knows, as options and {@code timeout-from} values. */
    public static final Set<String> TIMEOUT_NAMES = Set.of("headers-timeout", "request-timeout", "keep-alive-timeout");
    /** The requirement of the corpus cases that need a server timeout. */
    static final String IDLE_TIMEOUT = "idle-timeout";

    /**
     * @throws IllegalArgumentException when the URL is not absolute {@code http}/{@code https} with a
     *     host and a path ending in {@code /}, https lacks TLS settings, or a timeout name is unknown
     */
    public KitConfig {
        String scheme = baseUrl.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("--base-url must be http:// or https://: " + baseUrl);
        }
        if (baseUrl.getHost() == null || baseUrl.getRawQuery() != null || baseUrl.getRawFragment() != null) {
            throw new IllegalArgumentException("--base-url needs a host and no query or fragment: " + baseUrl);
        }
        if (baseUrl.getRawPath() == null || !baseUrl.getRawPath().endsWith("/")) {
            throw new IllegalArgumentException("--base-url must end in / (the echo WAR's context path): " + baseUrl);
        }
        if ("https".equals(scheme) && tls == null) {
            throw new IllegalArgumentException("an https target needs TLS settings");
        }
        if ("http".equals(scheme)) {
            tls = null;
        }
        for (String name : serverTimeouts.keySet()) {
            if (!TIMEOUT_NAMES.contains(name)) {
                throw new IllegalArgumentException("unknown server timeout " + name + " (known: " + TIMEOUT_NAMES + ")");
            }
        }
        serverTimeouts = Map.copyOf(serverTimeouts);
    }

    /** @return a plain {@code http} configuration with run-corpus's defaults and the given server timeouts */
    public static KitConfig of(URI baseUrl, Map<String, Duration> serverTimeouts) {
        return new KitConfig(baseUrl, null, serverTimeouts, false, RunSettings.DEFAULT_TIMEOUT_SECONDS,
                RunSettings.DEFAULT_GRACE_SECONDS);
    }

    /** @return the target's port, the scheme's default when the URL has none */
    public int port() {
        return baseUrl.getPort() > 0 ? baseUrl.getPort() : "https".equals(baseUrl.getScheme()) ? 443 : 80;
    }

    /** @return the host as the URL gives it, IPv6 literals without brackets */
    public String host() {
        String h = baseUrl.getHost();
        return h.startsWith("[") ? h.substring(1, h.length() - 1) : h;
    }

    /** @return the context path the echo WAR is deployed at: {@code /} or {@code /ctx/} */
    public String contextPath() {
        return baseUrl.getRawPath();
    }

    /**
     * @return the corpus's run settings for this target: the {@code idle-timeout} cases are skipped
     *     unless a server timeout is known
     */
    RunSettings rawSettings() {
        Map<String, Double> seconds = new LinkedHashMap<>();
        serverTimeouts.forEach((k, v) -> seconds.put(k, v.toMillis() / 1000.0));
        return new RunSettings(host(), port(), tls, caseTimeoutSeconds, graceSeconds, strict,
                serverTimeouts.isEmpty() ? Set.of(IDLE_TIMEOUT) : Set.of(), seconds);
    }
}
