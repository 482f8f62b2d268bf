package io.hawser.deploy;

import io.hawser.deploy.WebXmlParser.Dom;
import io.hawser.servlet.InstanceLifecycle;
import io.hawser.servlet.naming.EnvEntryTypes;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;

/**
 * The environment and lifecycle part of a web.xml (Servlet 6.1 §15.5, Jakarta EE Platform §5.4):
 * {@code <env-entry>} (name, type, value, injection targets), {@code <post-construct>} and
 * {@code <pre-destroy>}. {@link #NONE} declares nothing.
 *
 * @param entries the env-entries, in document order
 * @param callbacks the lifecycle callbacks, in document order
 */
record WebXmlNaming(List<EnvEntry> entries, List<Callback> callbacks) {
    /** Nothing declared. */
    static final WebXmlNaming NONE = new WebXmlNaming(List.of(), List.of());

    /**
     * One {@code <env-entry>}.
     *
     * @param name relative to {@code java:comp/env}
     * @param value its value of its type, a {@code String} when no type is given (converted to the
     *     injection target's type), or {@code null} when no value is given (not bound, not injected)
     * @param targets each {@code {injection-target-class, injection-target-name}}
     */
    record EnvEntry(String name, Object value, List<String[]> targets) {
    }

    /**
     * One {@code <post-construct>} or {@code <pre-destroy>}.
     *
     * @param post whether it is a post-construct
     * @param className the {@code lifecycle-callback-class}
     * @param method the {@code lifecycle-callback-method}
     */
    record Callback(boolean post, String className, String method) {
    }

    /** @return whether an env-entry is declared (then the app needs {@code java:comp/env}) */
    boolean hasEntries() {
        return !entries.isEmpty();
    }

    /**
     * Hands everything to the app's {@link InstanceLifecycle}.
     *
     * @param lifecycle the web app's, not yet started
     * @throws DeploymentException when {@code java:comp/env} cannot be provided in this JVM (another
     *     JNDI initial context factory builder is installed)
     */
    void applyTo(InstanceLifecycle lifecycle) throws DeploymentException {
        for (EnvEntry e : entries) {
            try {
                lifecycle.addEnvEntry(e.name(), e.value());
            } catch (IllegalStateException ex) {
                throw new DeploymentException(null, WebXmlParser.FILE + " <env-entry> \"" + e.name() + "\"",
                        ex.getMessage(), ex);
            }
            for (String[] t : e.targets()) {
                lifecycle.addInjectionTarget(e.name(), t[0], t[1]);
            }
        }
        for (Callback c : callbacks) {
            lifecycle.addLifecycleCallback(c.post(), c.className(), c.method());
        }
    }

    /** Collects the elements of one web.xml while the parser walks it. */
    static final class Reader {
        private final List<EnvEntry> entries = new ArrayList<>();
        private final List<Callback> callbacks = new ArrayList<>();

        /**
         * @param e a child of {@code <web-app>}
         * @return whether it was one of this part's elements (then it has been read)
         * @throws DeploymentException for a missing name, class or method, a type that is not an
         *     env-entry type, a value that is not of its type, or an env-entry declared twice
         */
        boolean read(Element e) throws DeploymentException {
            switch (Dom.name(e)) {
                case "env-entry":
                    entries.add(entry(e));
                    return true;
                case "post-construct":
                case "pre-destroy":
                    callbacks.add(new Callback(Dom.name(e).equals("post-construct"),
                            WebXmlParser.required(e, "lifecycle-callback-class"),
                            WebXmlParser.required(e, "lifecycle-callback-method")));
                    return true;
                default:
                    return false;
            }
        }

        private EnvEntry entry(Element e) throws DeploymentException {
            String name = WebXmlParser.required(e, "env-entry-name");
            String where = WebXmlParser.FILE + " <env-entry> \"" + name + "\"";
            if (entries.stream().anyMatch(o -> o.name().equals(name))) {
                throw new DeploymentException(null, where, "declared twice", null);
            }
            String typeName = Dom.textOr(e, "env-entry-type", null);
            Class<?> type = typeName == null ? String.class : EnvEntryTypes.of(typeName);
            if (type == null) {
                throw new DeploymentException(null, where + " <env-entry-type>", typeName + " is not an env-entry"
                        + " type (java.lang.String, Character, Byte, Short, Integer, Long, Boolean, Double, Float)",
                        null);
            }
            List<Element> valueElement = Dom.children(e, "env-entry-value");
            Object value = null;
            if (!valueElement.isEmpty()) {
                try {
                    value = EnvEntryTypes.convert(Dom.text(valueElement.get(0)), type);
                } catch (IllegalArgumentException ex) {
                    throw new DeploymentException(null, where + " <env-entry-value>", ex.getMessage(), null);
                }
            }
            List<String[]> targets = new ArrayList<>();
            for (Element t : Dom.children(e, "injection-target")) {
                targets.add(new String[] {WebXmlParser.required(t, "injection-target-class"),
                        WebXmlParser.required(t, "injection-target-name")});
            }
            return new EnvEntry(name.startsWith("java:comp/env/") ? name.substring(14) : name, value, targets);
        }

        /** @return what was read */
        WebXmlNaming done() {
            return entries.isEmpty() && callbacks.isEmpty() ? NONE
                    : new WebXmlNaming(List.copyOf(entries), List.copyOf(callbacks));
        }
    }
}
