package io.hawser.servlet;

import io.hawser.security.AuthenticatedUser;
import io.hawser.security.Realm;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/** Users, a counting realm and request helpers for the security tests. */
final class SecurityTestApps {
    /** user → roles; each user's password is its name followed by {@code -pw}. */
    static final Map<String, Set<String>> USERS = Map.of(
            "clerk", Set.of("SALESCLERK"),
            "contractor", Set.of("CONTRACTOR"),
            "home", Set.of("HOMEOWNER"),
            "nobody", Set.of(),
            "manager", Set.of("manager"),
            "j\u00fcrgen", Set.of("SALESCLERK"));

    private SecurityTestApps() {
    }

    /** A realm over {@link #USERS} that counts its calls. */
    static final class CountingRealm implements Realm {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public AuthenticatedUser authenticate(String username, String password) {
            calls.incrementAndGet();
            Set<String> roles = USERS.get(username);
            return roles != null && password.equals(username + "-pw") ? AuthenticatedUser.of(username, roles) : null;
        }
    }

    /** @return the value of an {@code Authorization} field for {@code user} with the right password */
    static String basic(String user) {
        return basic(user, user + "-pw");
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The constraints of the example in Servlet 6.1 §13.8.2.
     *
     * @param app the app to add them to
     */
    static void specExample(WebApp app) {
        app.addSecurityConstraint(SecurityConstraint.denyAll(new WebResourceCollection("precluded methods",
                List.of("/*", "/acme/wholesale/*", "/acme/retail/*"), Set.of(), Set.of("GET", "POST"))));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(new WebResourceCollection("wholesale",
                List.of("/acme/wholesale/*"), Set.of("GET", "PUT"), Set.of()), "SALESCLERK"));
        app.addSecurityConstraint(new SecurityConstraint(List.of(new WebResourceCollection("wholesale 2",
                List.of("/acme/wholesale/*"), Set.of("GET", "POST"), Set.of())), List.of("CONTRACTOR"),
                jakarta.servlet.annotation.ServletSecurity.TransportGuarantee.CONFIDENTIAL));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(new WebResourceCollection("retail",
                List.of("/acme/retail/*"), Set.of("GET", "POST"), Set.of()), "CONTRACTOR", "HOMEOWNER"));
    }
}
