package io.hawser.deploy;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The not-supported features a deployer accepts Hawser will not enforce, by the names of the table
 * in {@code docs/deployment.md} ({@code env-entry}, {@code jsp}, {@code resource-ref}, ...): a web app
 * using one of them is deployed rather than refused, and a warning lists, once per app, what is not
 * enforced. {@code jsp-file} cannot be accepted. The launcher's {@code --accept-unenforced} makes one of these.
 */
public final class Unenforced {
    /** Nothing accepted: every not-supported feature is refused. */
    public static final Unenforced NONE = new Unenforced(Set.of());

    private final Set<String> names;

    private Unenforced(Set<String> names) {
        this.names = names;
    }

    /**
     * @param names feature names, as the table spells them
     * @return those features accepted
     * @throws IllegalArgumentException for a name that is not a not-supported feature, or one that
     *     cannot be accepted; the message says which and why
     */
    public static Unenforced of(Collection<String> names) {
        Set<String> accepted = new LinkedHashSet<>();
        for (String name : names) {
            DeploymentFeatures.Feature f = DeploymentFeatures.notSupported(name);
            if (f == null) {
                throw new IllegalArgumentException("\"" + name + "\" is not a feature Hawser leaves unenforced (one of "
                        + String.join(", ", acceptable()) + ")");
            }
            if (!f.acceptable()) {
                throw new IllegalArgumentException("\"" + name + "\" cannot be accepted: " + f.refusal());
            }
            accepted.add(name);
        }
        return new Unenforced(Collections.unmodifiableSet(accepted));
    }

    /**
     * @param names feature names, as the table spells them
     * @return those features accepted
     * @throws IllegalArgumentException as {@link #of(Collection)}
     */
    public static Unenforced of(String... names) {
        return of(List.of(names));
    }

    /** @return the names of every feature that may be accepted, sorted */
    public static Set<String> acceptable() {
        Set<String> out = new TreeSet<>();
        out.add(DeploymentFeatures.NO_JSP_PAGES.name());
        out.add(DeploymentFeatures.NO_JSP_CONFIG.name());
        out.add(DeploymentFeatures.TAG_HANDLER_INJECTION.name());
        out.add(DeploymentFeatures.NO_WEBSOCKET.name());
        for (DeploymentFeatures.Feature f : DeploymentFeatures.elements().values()) {
            if (f.acceptable()) {
                out.add(f.name());
            }
        }
        return out;
    }

    /** @return the accepted names, in the order given */
    public Set<String> names() {
        return names;
    }

    boolean accepts(DeploymentFeatures.Feature f) {
        return f.acceptable() && names.contains(f.name());
    }

    @Override
    public String toString() {
        return String.join(",", names);
    }
}
