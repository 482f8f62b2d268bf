package io.hawser.servlet;

import java.util.Objects;

/**
 * A {@code <login-config>} (Servlet 6.1 §13.6): how users authenticate. {@code BASIC} (RFC 7617),
 * {@code FORM} (§13.6.3) and {@code CLIENT-CERT} (§13.6.4: the verified TLS client certificate,
 * mapped to a user by a {@link io.hawser.security.CertificateRealm}) are supported; {@code DIGEST}
 * is refused (docs/deployment.md). Immutable.
 *
 * @param authMethod {@code BASIC}, {@code FORM} or {@code CLIENT-CERT}
 * @param realmName the realm named in {@code WWW-Authenticate}; {@code null} for the default (the
 *     context path, or {@code "Hawser"} for the root context)
 * @param loginPage FORM: the {@code form-login-page}, a context-relative path starting with {@code /}
 * @param errorPage FORM: the {@code form-error-page}, a context-relative path starting with {@code /}
 */
public record LoginConfig(String authMethod, String realmName, String loginPage, String errorPage) {
    /** @throws IllegalArgumentException for another method, or FORM without both pages */
    public LoginConfig {
        Objects.requireNonNull(authMethod, "authMethod");
        if (authMethod.equals("FORM")) {
            if (loginPage == null || !loginPage.startsWith("/") || errorPage == null || !errorPage.startsWith("/")) {
                throw new IllegalArgumentException("FORM login needs a form-login-page and a form-error-page starting with /");
            }
        } else if (!authMethod.equals("BASIC") && !authMethod.equals(CLIENT_CERT)) {
            throw new IllegalArgumentException("auth-method " + authMethod + " is not supported (BASIC, FORM or"
                    + " CLIENT-CERT; DIGEST is not implemented)");
        }
    }

    /** The web.xml spelling of client-certificate login (Servlet 6.1 §13.6.4). */
    public static final String CLIENT_CERT = "CLIENT-CERT";

    /**
     * @param realmName the realm name, or {@code null} for the default
     * @return CLIENT-CERT authentication: the user of the TLS client certificate
     */
    public static LoginConfig clientCert(String realmName) {
        return new LoginConfig(CLIENT_CERT, realmName, null, null);
    }

    /**
     * @param realmName the realm name, or {@code null} for the default
     * @return BASIC authentication
     */
    public static LoginConfig basic(String realmName) {
        return new LoginConfig("BASIC", realmName, null, null);
    }

    /**
     * @param realmName the realm name, or {@code null}
     * @param loginPage the login page, e.g. {@code /login.html}
     * @param errorPage the page shown after a failed login
     * @return FORM authentication
     */
    public static LoginConfig form(String realmName, String loginPage, String errorPage) {
        return new LoginConfig("FORM", realmName, loginPage, errorPage);
    }
}
