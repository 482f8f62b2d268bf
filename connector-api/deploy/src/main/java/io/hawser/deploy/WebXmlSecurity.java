package io.hawser.deploy;

import io.hawser.deploy.WebXmlParser.Dom;
import io.hawser.servlet.LoginConfig;
import io.hawser.servlet.SecurityConstraint;
import io.hawser.servlet.WebApp;
import io.hawser.servlet.WebResourceCollection;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.w3c.dom.Element;

/**
 * The security part of a web.xml (Servlet 6.1 §13): {@code <security-constraint>},
 * {@code <login-config>}, {@code <security-role>}, {@code <deny-uncovered-http-methods>} and the
 * {@code <run-as>} and {@code <security-role-ref>} of each servlet. {@link #NONE} declares nothing.
 *
 * @param constraints the security constraints, in document order
 * @param loginConfig the login-config, or {@code null}
 * @param roles the declared security roles, in document order
 * @param runAs servlet-name to its run-as role
 * @param roleRefs servlet-name to its role refs (role-name in code to role-link)
 * @param denyUncovered whether {@code <deny-uncovered-http-methods/>} is present
 * @param realmNeededBy the first element that needs a realm (a login-config, or an auth-constraint
 *     naming roles), e.g. {@code WEB-INF/web.xml <security-constraint> <auth-constraint>}; {@code null}
 *     when none does
 */
record WebXmlSecurity(List<SecurityConstraint> constraints, LoginConfig loginConfig, List<String> roles,
        Map<String, String> runAs, Map<String, Map<String, String>> roleRefs, boolean denyUncovered,
        String realmNeededBy) {
    /** No security declared. */
    static final WebXmlSecurity NONE = new WebXmlSecurity(List.of(), null, List.of(), Map.of(), Map.of(), false, null);

    private static final String FILE = WebXmlParser.FILE;

    /**
     * Hands everything but run-as (a servlet registration's, see {@link ContextAssembler}) to the app.
     *
     * @param app the web app, not yet started
     */
    void applyTo(WebApp app) {
        if (loginConfig != null) {
            app.setLoginConfig(loginConfig);
        }
        constraints.forEach(app::addSecurityConstraint);
        app.declareRoles(roles.toArray(new String[0]));
        roleRefs.forEach((servlet, refs) -> refs.forEach((name, link) -> app.addSecurityRoleRef(servlet, name, link)));
        app.setDenyUncoveredHttpMethods(denyUncovered);
    }

    /** Collects the security elements of one web.xml while the parser walks it, then checks them. */
    static final class Reader {
        private final List<SecurityConstraint> constraints = new ArrayList<>();
        private LoginConfig loginConfig;
        private final Set<String> roles = new LinkedHashSet<>();
        private final Map<String, String> runAs = new LinkedHashMap<>();
        private final Map<String, Map<String, String>> roleRefs = new LinkedHashMap<>();
        private boolean denyUncovered;
        private String realmNeededBy;

        /**
         * @param e a child of {@code <web-app>}
         * @return whether it was a security element (read here)
         * @throws DeploymentException for a missing or malformed value
         */
        boolean read(Element e) throws DeploymentException {
            switch (Dom.name(e)) {
                case "security-constraint" -> constraints.add(constraint(e));
                case "login-config" -> login(e);
                case "security-role" -> roles.add(WebXmlParser.required(e, "role-name"));
                case "deny-uncovered-http-methods" -> denyUncovered = true;
                default -> {
                    return false;
                }
            }
            return true;
        }

        /**
         * Reads the {@code <run-as>} and {@code <security-role-ref>} of a {@code <servlet>}.
         *
         * @param servlet a {@code <servlet>} element
         * @throws DeploymentException for a missing role-name
         */
        void servlet(Element servlet) throws DeploymentException {
            String name = WebXmlParser.required(servlet, "servlet-name");
            String where = "<servlet> \"" + name + "\"";
            for (Element r : Dom.children(servlet, "run-as")) {
                runAs.put(name, role(r, where + " <run-as>"));
            }
            for (Element ref : Dom.children(servlet, "security-role-ref")) {
                String roleName = role(ref, where + " <security-role-ref>");
                String link = Dom.textOr(ref, "role-link", "");
                if (!link.isEmpty()) {
                    // Without a role-link the name in code is the role itself (Servlet 6.1 §13.3).
                    roleRefs.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(roleName, link);
                }
            }
        }

        /**
         * @return what was read
         * @throws DeploymentException for a role-link to a role no {@code <security-role>} declares
         */
        WebXmlSecurity done() throws DeploymentException {
            return done(true);
        }

        /**
         * @param checkLinks whether every role-link must name a role declared here (a web fragment's may
         *     name one of web.xml or another fragment: {@link FragmentMerge} checks those)
         * @return what was read
         * @throws DeploymentException for a role-link to a role no {@code <security-role>} declares
         */
        WebXmlSecurity done(boolean checkLinks) throws DeploymentException {
            for (Map.Entry<String, Map<String, String>> s : checkLinks ? roleRefs.entrySet()
                    : Map.<String, Map<String, String>>of().entrySet()) {
                for (Map.Entry<String, String> ref : s.getValue().entrySet()) {
                    if (!roles.contains(ref.getValue())) {
                        throw new DeploymentException(null, FILE + " <servlet> \"" + s.getKey() + "\""
                                + " <security-role-ref> \"" + ref.getKey() + "\" <role-link>", "\"" + ref.getValue()
                                + "\" is not declared by a <security-role>", null);
                    }
                }
            }
            return new WebXmlSecurity(List.copyOf(constraints), loginConfig, List.copyOf(roles), Map.copyOf(runAs),
                    Map.copyOf(roleRefs), denyUncovered, realmNeededBy);
        }

        private SecurityConstraint constraint(Element e) throws DeploymentException {
            String where = "<security-constraint>";
            List<WebResourceCollection> collections = new ArrayList<>();
            for (Element c : Dom.children(e, "web-resource-collection")) {
                collections.add(collection(c, where));
            }
            if (collections.isEmpty()) {
                throw new DeploymentException(null, FILE + " " + where, "has no <web-resource-collection>", null);
            }
            List<String> roleNames = null;
            List<Element> auth = Dom.children(e, "auth-constraint");
            if (!auth.isEmpty()) {
                roleNames = new ArrayList<>();
                for (Element a : auth) {
                    for (Element r : Dom.children(a, "role-name")) {
                        String role = Dom.text(r);
                        if (role.isEmpty()) {
                            throw new DeploymentException(null, FILE + " " + where + " <auth-constraint> <role-name>",
                                    "is empty", null);
                        }
                        roleNames.add(role);
                    }
                }
                if (!roleNames.isEmpty() && realmNeededBy == null) {
                    realmNeededBy = FILE + " " + where + " <auth-constraint>";
                }
            }
            TransportGuarantee guarantee = TransportGuarantee.NONE;
            for (Element u : Dom.children(e, "user-data-constraint")) {
                guarantee = guarantee(Dom.textOr(u, "transport-guarantee", ""), where);
            }
            return new SecurityConstraint(collections, roleNames, guarantee);
        }

        private static WebResourceCollection collection(Element c, String parent) throws DeploymentException {
            String name = Dom.textOr(c, "web-resource-name", null);
            String where = parent + " <web-resource-collection>" + (name == null || name.isEmpty() ? ""
                    : " \"" + name + "\"");
            List<String> patterns = WebXmlParser.urlPatterns(c, where, true);
            Set<String> methods = new LinkedHashSet<>();
            for (Element m : Dom.children(c, "http-method")) {
                methods.add(Dom.text(m));
            }
            Set<String> omissions = new LinkedHashSet<>();
            for (Element m : Dom.children(c, "http-method-omission")) {
                omissions.add(Dom.text(m));
            }
            try {
                return new WebResourceCollection(name, patterns, methods, omissions);
            } catch (IllegalArgumentException | NullPointerException ex) {
                throw new DeploymentException(null, FILE + " " + where, ex.getMessage(), null);
            }
        }

        private static TransportGuarantee guarantee(String value, String where) throws DeploymentException {
            return switch (value) {
                case "NONE" -> TransportGuarantee.NONE;
                // INTEGRAL and CONFIDENTIAL both ask for TLS (Servlet 6.1 §13.8).
                case "INTEGRAL", "CONFIDENTIAL" -> TransportGuarantee.CONFIDENTIAL;
                default -> throw new DeploymentException(null, FILE + " " + where + " <user-data-constraint>"
                        + " <transport-guarantee>", "\"" + value + "\" is not NONE, INTEGRAL or CONFIDENTIAL", null);
            };
        }

        private void login(Element e) throws DeploymentException {
            String where = FILE + " <login-config>";
            if (loginConfig != null) {
                throw new DeploymentException(null, where, "declared twice (a web app has one)", null);
            }
            String method = Dom.textOr(e, "auth-method", "BASIC");
            String realmName = Dom.textOr(e, "realm-name", "");
            realmName = realmName.isEmpty() ? null : realmName;
            List<Element> form = Dom.children(e, "form-login-config");
            String loginPage = form.isEmpty() ? null : Dom.textOr(form.get(0), "form-login-page", null);
            String errorPage = form.isEmpty() ? null : Dom.textOr(form.get(0), "form-error-page", null);
            switch (method) {
                case "BASIC" -> loginConfig = LoginConfig.basic(realmName);
                case "FORM" -> {
                    if (!page(loginPage) || !page(errorPage)) {
                        throw new DeploymentException(null, where + " <form-login-config>", "FORM needs a"
                                + " <form-login-page> and a <form-error-page>, each a path starting with /", null);
                    }
                    loginConfig = LoginConfig.form(realmName, loginPage, errorPage);
                }
                case "DIGEST" -> throw new DeploymentException(null, where + " <auth-method>",
                        "DIGEST is not implemented; use BASIC or FORM", null);
                case "CLIENT-CERT" -> loginConfig = LoginConfig.clientCert(realmName);
                default -> throw new DeploymentException(null, where + " <auth-method>", "\"" + method
                        + "\" is not BASIC, FORM, DIGEST or CLIENT-CERT", null);
            }
            if (realmNeededBy == null) {
                realmNeededBy = where;
            }
        }

        private static boolean page(String path) {
            return path != null && path.startsWith("/");
        }

        private static String role(Element e, String where) throws DeploymentException {
            String role = Dom.textOr(e, "role-name", "");
            if (role.isEmpty()) {
                throw new DeploymentException(null, FILE + " " + where, "<role-name> is missing or empty", null);
            }
            return role;
        }
    }
}
