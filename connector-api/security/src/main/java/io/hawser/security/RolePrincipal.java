package io.hawser.security;

import java.io.Serializable;
import java.security.Principal;
import java.util.Objects;

/**
 * A role, as a principal a JAAS {@code LoginModule} adds to the {@code Subject}: {@link JaasRealm}
 * takes the roles from principals of this class unless told other class names (as Jetty's
 * {@code JAASRole}). Immutable; equal when the names are.
 */
public final class RolePrincipal implements Principal, Serializable {
    private static final long serialVersionUID = 1L;
    private final String name;

    /**
     * @param name the role name (case-sensitive)
     * @throws NullPointerException for {@code null}
     */
    public RolePrincipal(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** @return the role name */
    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RolePrincipal && ((RolePrincipal) o).name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return "RolePrincipal[" + name + "]";
    }
}
