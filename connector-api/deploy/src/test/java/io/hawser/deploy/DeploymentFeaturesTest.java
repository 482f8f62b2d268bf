package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The classification table is complete for the schema and says the same in code and in docs/deployment.md. */
class DeploymentFeaturesTest {
    /** The children of web-app in web-app_6_1.xsd (web-common's group, the JNDI refs group, and web-app's own). */
    private static final List<String> WEB_APP_CHILDREN = List.of("description", "display-name", "icon",
            "distributable", "context-param", "filter", "filter-mapping", "listener", "servlet", "servlet-mapping",
            "session-config", "mime-mapping", "welcome-file-list", "error-page", "jsp-config", "security-constraint",
            "login-config", "security-role", "env-entry", "ejb-ref", "ejb-local-ref", "service-ref", "resource-ref",
            "resource-env-ref", "message-destination-ref", "persistence-context-ref", "persistence-unit-ref",
            "post-construct", "pre-destroy", "data-source", "jms-connection-factory", "jms-destination",
            "mail-session", "connection-factory", "administered-object", "context-service", "managed-executor",
            "managed-scheduled-executor", "managed-thread-factory", "message-destination",
            "locale-encoding-mapping-list", "module-name", "deny-uncovered-http-methods", "absolute-ordering",
            "default-context-path", "request-character-encoding", "response-character-encoding");
    private static final Pattern ROW = Pattern.compile("^\\| (.+?) \\| \\*\\*(acted on|descriptive|not supported)\\*\\* \\|");
    private static final Pattern NAME = Pattern.compile("`([^`]+)`");

    @Test
    void everyChildOfWebAppAndEveryServletChildIsClassified() {
        for (String e : WEB_APP_CHILDREN) {
            assertThat(DeploymentFeatures.element("", e)).as(e).isNotNull();
        }
        for (String e : List.of("description", "display-name", "icon", "servlet-name", "servlet-class", "jsp-file",
                "init-param", "load-on-startup", "enabled", "async-supported", "run-as", "security-role-ref",
                "multipart-config")) {
            assertThat(DeploymentFeatures.element("servlet", e)).as("servlet/" + e).isNotNull();
        }
        assertThat(DeploymentFeatures.element("", "ordering")).as("web-fragment only").isNull();
    }

    @Test
    void theDocsTableIsTheCodeTable() throws Exception {
        Map<String, String> docs = new LinkedHashMap<>();
        Path root = Path.of("").toAbsolutePath();   // the module; docs/ is in the repository root above it
        while (!Files.isRegularFile(root.resolve("docs/deployment.md"))) {
            root = root.getParent();
        }
        for (String line : Files.readAllLines(root.resolve("docs/deployment.md"))) {
            Matcher row = ROW.matcher(line);
            if (!row.find()) {
                continue;
            }
            String firstCell = row.group(1);
            int colon = firstCell.indexOf(": ");
            Matcher name = NAME.matcher(colon > 0 && firstCell.startsWith("`web-fragment`")
                    || firstCell.startsWith("`jsp`") || firstCell.startsWith("`tag-handler-injection`")
                    || firstCell.startsWith("`websocket`")
                    ? firstCell.substring(0, colon) : firstCell);
            while (name.find()) {
                for (String n : expand(name.group(1))) {
                    docs.put(n, row.group(2));
                }
            }
        }
        Map<String, String> code = new LinkedHashMap<>();
        DeploymentFeatures.elements().forEach((k, f) -> code.put(k, label(f)));
        DeploymentFeatures.annotations().forEach((k, f) -> code.put("@" + k.substring(k.lastIndexOf('.') + 1), label(f)));
        code.put(DeploymentFeatures.JSP.name(), label(DeploymentFeatures.JSP));
        code.put(DeploymentFeatures.WEBSOCKET.name(), label(DeploymentFeatures.WEBSOCKET));
        code.put(DeploymentFeatures.WEB_FRAGMENT.name(), label(DeploymentFeatures.WEB_FRAGMENT));
        code.put(DeploymentFeatures.TAG_HANDLER_INJECTION.name(), label(DeploymentFeatures.TAG_HANDLER_INJECTION));
        assertThat(docs).containsExactlyInAnyOrderEntriesOf(code);
    }

    private static List<String> expand(String token) {
        int brace = token.indexOf("/{");
        if (brace < 0) {
            return List.of(token);
        }
        String parent = token.substring(0, brace);
        return java.util.Arrays.stream(token.substring(brace + 2, token.length() - 1).split(", "))
                .map(c -> parent + "/" + c).toList();
    }

    private static String label(DeploymentFeatures.Feature f) {
        return f.support().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
