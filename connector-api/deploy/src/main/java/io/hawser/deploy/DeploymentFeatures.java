package io.hawser.deploy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every element of the deployment descriptor schema (web-app and web-common 6.1, Servlet 6.1 §14),
 * every annotation of Servlet 6.1 §8.1 and §15.5, and the few files a web app may hold that a
 * container must act on (web fragments §8.2, JSP pages), each in one of three classes:
 * {@link Support#ACTED_ON acted on}, {@link Support#DESCRIPTIVE descriptive} (no effect on
 * behaviour) or {@link Support#NOT_SUPPORTED not supported}. A web app using a not-supported feature
 * is refused (fail closed), unless the feature is {@link Feature#acceptable() acceptable} and the
 * deployer accepted it ({@link Unenforced}). {@code docs/deployment.md} shows the same table.
 *
 * <p>Descriptor elements are keyed {@code parent/child} by local names ({@code servlet/run-as},
 * {@code init-param/param-name}); children of {@code <web-app>} by their name alone. The children
 * of an acted-on element are classified too; an element that is not in the table is unknown and
 * refused.
 */
final class DeploymentFeatures {
    /** The three classes. */
    enum Support { ACTED_ON, DESCRIPTIVE, NOT_SUPPORTED }

    /**
     * One element, annotation or kind of file.
     *
     * @param name the name a deployer accepts it by ({@code --accept-unenforced NAME}), e.g. {@code run-as}
     * @param support its class
     * @param missing for a not-supported one: what Hawser does not provide
     * @param consequence for a not-supported one: what serving the app without it would mean
     * @param advice for one that cannot be accepted: what to do instead; {@code null} when acceptable
     */
    record Feature(String name, Support support, String missing, String consequence, String advice) {
        /** @return whether a deployer may accept the risk of serving the app without it */
        boolean acceptable() {
            return support == Support.NOT_SUPPORTED && advice == null;
        }

        /**
         * @return the refusal: {@code not enforced by Hawser (MISSING): CONSEQUENCE. ADVICE.}
         */
        String refusal() {
            return "not enforced by Hawser (" + missing + "): " + consequence + ". " + (advice != null ? advice
                    : "Remove it, or accept the risk with --accept-unenforced " + name) + ".";
        }
    }

    /**
     * A not-supported feature a web app uses.
     *
     * @param feature the feature
     * @param where where, e.g. {@code WEB-INF/web.xml <servlet> <run-as>} or
     *     {@code @Resource on com.example.Cart (WEB-INF/classes)}
     */
    record Use(Feature feature, String where) {
    }

    private static final String[] DESCRIPTION_GROUP = {"description", "display-name", "icon"};
    private static final String JNDI = "JNDI resources other than env-entry are not provided yet (a --resource"
            + " option may come later)";
    private static final String JNDI_EFFECT = "its lookups and injections would fail or find nothing";
    private static final Map<String, Feature> ELEMENTS = new LinkedHashMap<>();
    private static final Map<String, Feature> ANNOTATIONS = new LinkedHashMap<>();
    /**
     * JSP pages: files a container maps to its JSP servlet ({@code DefaultServlet.isJspFile}); acted on
     * by a {@link JspSupport} (the hawser-jsp module), refused without one ({@link #NO_JSP_PAGES}).
     */
    static final Feature JSP = new Feature("jsp", Support.ACTED_ON, null, null, null);
    private static final String NO_JSP = "JSP needs the hawser-jsp module on the class path";
    /**
     * Jakarta WebSocket classes ({@code @ServerEndpoint}, {@code ServerApplicationConfig},
     * {@code Endpoint}): deployed by a {@link WebSocketSupport} (the hawser-websocket module),
     * refused without one ({@link #NO_WEBSOCKET}).
     */
    static final Feature WEBSOCKET = new Feature("websocket", Support.ACTED_ON, null, null, null);
    /** WebSocket classes when no {@link WebSocketSupport} is on the class path. */
    static final Feature NO_WEBSOCKET = new Feature("websocket", Support.NOT_SUPPORTED,
            "Jakarta WebSocket needs the hawser-websocket module on the class path",
            "its endpoints would not be deployed (their handshakes answer 404)", null);
    /** JSP pages when no {@link JspSupport} is on the class path. */
    static final Feature NO_JSP_PAGES = new Feature("jsp", Support.NOT_SUPPORTED, NO_JSP,
            "the pages would answer 404", null);
    /**
     * {@code @Resource}, {@code @PostConstruct} or {@code @PreDestroy} on a JSP tag handler (a
     * {@code jakarta.servlet.jsp.tagext.JspTag}): Jasper makes tag handlers through its own
     * instance manager, which neither injects nor calls back (Servlet 6.1 §15.5 lists them).
     */
    static final Feature TAG_HANDLER_INJECTION = new Feature("tag-handler-injection", Support.NOT_SUPPORTED,
            "injection and lifecycle callbacks of JSP tag handlers are not provided yet",
            "its @Resource fields would stay unset and its @PostConstruct and @PreDestroy methods would never run", null);
    /** {@code <jsp-config>} when no {@link JspSupport} is on the class path. */
    static final Feature NO_JSP_CONFIG = new Feature("jsp-config", Support.NOT_SUPPORTED, NO_JSP,
            "its JSP pages and tag libraries would not work", null);
    /** {@code <servlet><jsp-file>} when no {@link JspSupport} is on the class path. */
    static final Feature NO_JSP_FILE = new Feature("jsp-file", Support.NOT_SUPPORTED, NO_JSP,
            "the servlet cannot run", "Put hawser-jsp on the class path, or compile the JSP page into a servlet"
                    + " class and name it in <servlet-class>");
    /** {@code META-INF/web-fragment.xml} in a jar of {@code WEB-INF/lib} (Servlet 6.1 §8.2). */
    static final Feature WEB_FRAGMENT = new Feature("web-fragment", Support.ACTED_ON, null, null, null);

    static {
        acted("", "display-name", "context-param", "filter", "filter-mapping", "listener", "servlet",
                "servlet-mapping", "session-config", "mime-mapping", "welcome-file-list", "error-page",
                "locale-encoding-mapping-list", "request-character-encoding", "response-character-encoding");
        acted("", "security-constraint", "login-config", "security-role", "deny-uncovered-http-methods");
        acted("", "distributable");
        descriptive("", "description", "icon", "module-name", "default-context-path");
        for (String ref : new String[] {"ejb-ref", "ejb-local-ref", "service-ref", "resource-ref",
                "resource-env-ref", "message-destination-ref", "persistence-context-ref", "persistence-unit-ref",
                "data-source", "jms-connection-factory", "jms-destination", "mail-session", "connection-factory",
                "administered-object", "context-service", "managed-executor", "managed-scheduled-executor",
                "managed-thread-factory", "message-destination"}) {
            notSupported(ref, JNDI, JNDI_EFFECT);
        }
        acted("", "env-entry", "post-construct", "pre-destroy");
        acted("env-entry", "env-entry-name", "env-entry-type", "env-entry-value", "injection-target");
        descriptive("env-entry", "description", "mapped-name");
        notSupported("env-entry/lookup-name", "an env-entry that links to another JNDI name is not supported yet",
                "its lookups and injections would find nothing");
        acted("injection-target", "injection-target-class", "injection-target-name");
        acted("post-construct", "lifecycle-callback-class", "lifecycle-callback-method");
        acted("pre-destroy", "lifecycle-callback-class", "lifecycle-callback-method");
        acted("", "jsp-config");
        acted("", "absolute-ordering");
        acted("absolute-ordering", "name", "others");
        acted("web-fragment", "name", "ordering");
        acted("ordering", "before", "after");
        acted("before", "name", "others");
        acted("after", "name", "others");

        acted("servlet", "servlet-name", "servlet-class", "init-param", "load-on-startup", "enabled",
                "async-supported", "multipart-config");
        descriptive("servlet", DESCRIPTION_GROUP);
        acted("servlet", "jsp-file");
        acted("jsp-config", "taglib", "jsp-property-group");
        acted("taglib", "taglib-uri", "taglib-location");
        acted("jsp-property-group", "url-pattern", "el-ignored", "error-on-el-not-found", "page-encoding",
                "scripting-invalid", "is-xml", "include-prelude", "include-coda",
                "deferred-syntax-allowed-as-literal", "trim-directive-whitespaces", "default-content-type", "buffer",
                "error-on-undeclared-namespace");
        descriptive("jsp-property-group", DESCRIPTION_GROUP);
        acted("servlet", "run-as", "security-role-ref");
        acted("run-as", "role-name");
        descriptive("run-as", "description");
        acted("security-role-ref", "role-name", "role-link");
        descriptive("security-role-ref", "description");
        acted("security-constraint", "web-resource-collection", "auth-constraint", "user-data-constraint");
        descriptive("security-constraint", "display-name");
        acted("web-resource-collection", "web-resource-name", "url-pattern", "http-method", "http-method-omission");
        descriptive("web-resource-collection", "description");
        acted("auth-constraint", "role-name");
        descriptive("auth-constraint", "description");
        acted("user-data-constraint", "transport-guarantee");
        descriptive("user-data-constraint", "description");
        acted("login-config", "auth-method", "realm-name", "form-login-config");
        acted("form-login-config", "form-login-page", "form-error-page");
        acted("security-role", "role-name");
        descriptive("security-role", "description");
        acted("init-param", "param-name", "param-value");
        descriptive("init-param", "description");
        acted("context-param", "param-name", "param-value");
        descriptive("context-param", "description");
        acted("multipart-config", "location", "max-file-size", "max-request-size", "file-size-threshold");
        acted("filter", "filter-name", "filter-class", "async-supported", "init-param");
        descriptive("filter", DESCRIPTION_GROUP);
        acted("filter-mapping", "filter-name", "url-pattern", "servlet-name", "dispatcher");
        acted("servlet-mapping", "servlet-name", "url-pattern");
        acted("listener", "listener-class");
        descriptive("listener", DESCRIPTION_GROUP);
        acted("session-config", "session-timeout", "cookie-config", "tracking-mode");
        acted("cookie-config", "name", "domain", "path", "http-only", "secure", "max-age", "attribute");
        descriptive("cookie-config", "comment");
        acted("attribute", "attribute-name", "attribute-value");
        descriptive("attribute", "description");
        acted("mime-mapping", "extension", "mime-type");
        acted("welcome-file-list", "welcome-file");
        acted("error-page", "error-code", "exception-type", "location");
        acted("locale-encoding-mapping-list", "locale-encoding-mapping");
        acted("locale-encoding-mapping", "locale", "encoding");

        for (String a : new String[] {"WebServlet", "WebFilter", "WebListener", "WebInitParam", "MultipartConfig",
                "HandlesTypes", "ServletSecurity", "HttpConstraint", "HttpMethodConstraint"}) {
            ANNOTATIONS.put("jakarta.servlet.annotation." + a, new Feature("@" + a, Support.ACTED_ON, null, null, null));
        }
        for (String a : new String[] {"DeclareRoles", "RunAs"}) {
            ANNOTATIONS.put("jakarta.annotation.security." + a, new Feature("@" + a, Support.ACTED_ON, null, null, null));
        }
        for (String a : new String[] {"PostConstruct", "PreDestroy", "Resource"}) {
            ANNOTATIONS.put("jakarta.annotation." + a, new Feature("@" + a, Support.ACTED_ON, null, null, null));
        }
        annotation("jakarta.annotation.Resources", "resource-ref");
        annotation("jakarta.ejb.EJB", "ejb-ref");
        annotation("jakarta.ejb.EJBs", "ejb-ref");
        annotation("jakarta.persistence.PersistenceContext", "persistence-context-ref");
        annotation("jakarta.persistence.PersistenceContexts", "persistence-context-ref");
        annotation("jakarta.persistence.PersistenceUnit", "persistence-unit-ref");
        annotation("jakarta.persistence.PersistenceUnits", "persistence-unit-ref");
        annotation("jakarta.xml.ws.WebServiceRef", "service-ref");
        annotation("jakarta.xml.ws.WebServiceRefs", "service-ref");
    }

    private DeploymentFeatures() {
    }

    private static void acted(String parent, String... children) {
        put(parent, Support.ACTED_ON, children);
    }

    private static void descriptive(String parent, String... children) {
        put(parent, Support.DESCRIPTIVE, children);
    }

    private static void put(String parent, Support support, String... children) {
        for (String c : children) {
            ELEMENTS.put(parent.isEmpty() ? c : parent + "/" + c, new Feature(c, support, null, null, null));
        }
    }

    private static void notSupported(String key, String missing, String consequence) {
        ELEMENTS.put(key, new Feature(key.substring(key.indexOf('/') + 1), Support.NOT_SUPPORTED, missing,
                consequence, null));
    }

    /** @return whether the feature is one of the JSP refusals, lifted when a {@link JspSupport} is present */
    static boolean needsJsp(Feature f) {
        return f == NO_JSP_PAGES || f == NO_JSP_CONFIG || f == NO_JSP_FILE;
    }

    private static void annotation(String type, String elementKey) {
        ANNOTATIONS.put(type, ELEMENTS.get(elementKey));
    }

    /**
     * @param parent the parent element's local name, or {@code ""} under {@code <web-app>}
     * @param child the element's local name
     * @return its classification, or {@code null} when the schema has no such element there
     */
    static Feature element(String parent, String child) {
        return ELEMENTS.get(parent.isEmpty() ? child : parent + "/" + child);
    }

    /** @return every descriptor element, keyed {@code parent/child} (children of web-app by name) */
    static Map<String, Feature> elements() {
        return Collections.unmodifiableMap(ELEMENTS);
    }

    /** @return every annotation, keyed by its type's name */
    static Map<String, Feature> annotations() {
        return Collections.unmodifiableMap(ANNOTATIONS);
    }

    /**
     * @param name a name as {@code --accept-unenforced} takes it
     * @return the not-supported feature of that name, or {@code null}
     */
    static Feature notSupported(String name) {
        // the JSP features are refused only when no JspSupport is on the class path
        if (name.equals(NO_JSP_PAGES.name())) {
            return NO_JSP_PAGES;
        }
        if (name.equals(NO_JSP_CONFIG.name())) {
            return NO_JSP_CONFIG;
        }
        if (name.equals(NO_JSP_FILE.name())) {
            return NO_JSP_FILE;
        }
        if (name.equals(TAG_HANDLER_INJECTION.name())) {
            return TAG_HANDLER_INJECTION;
        }
        if (name.equals(NO_WEBSOCKET.name())) {
            return NO_WEBSOCKET; // refused only when no WebSocketSupport is on the class path
        }
        for (Feature f : ELEMENTS.values()) {
            if (f.support() == Support.NOT_SUPPORTED && f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
