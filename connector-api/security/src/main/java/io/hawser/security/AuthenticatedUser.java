package io.hawser.security;

import java.security.Principal;
import java.util.Objects;
import java.util.Set;

/**
 * A user a {@link Realm} has authenticated: the principal {@code getUserPrincipal()} returns and the
 * roles {@code isUserInRole} looks in (Servlet 6.1 §13.3). Immutable.
 */
public final class AuthenticatedUser {
    private final Principal principal;
    private final Set<String> roles;

    /**
     * @param principal the user's principal; its {@link Principal#getName()} is the remote user
     * @param roles the role names the user has (copied; case-sensitive)
     * @throws NullPointerException for a {@code null} argument or role
     */
    public AuthenticatedUser(Principal principal, Set<String> roles) {
        this.principal = Objects.requireNonNull(principal, "principal");
        this.roles = Set.copyOf(roles);
    }

    /**
     * @param name the user name, as a simple principal
     * @param roles the role names the user has
     * @return the user
     */
    public static AuthenticatedUser of(String name, Set<String> roles) {
        Objects.requireNonNull(name, "name");
        return new AuthenticatedUser(new NamedPrincipal(name), roles);
    }

    /** @return the principal ({@code HttpServletRequest.getUserPrincipal()}) */
    public Principal principal() {
        return principal;
    }

    /** @return the principal's name ({@code HttpServletRequest.getRemoteUser()}, the access log's {@code %u}) */
    public String name() {
        return principal.getName();
    }

    /** @return the user's roles, unmodifiable */
    public Set<String> roles() {
        return roles;
    }

    /**
     * @param role a role name
     * @return whether the user has it
     */
    public boolean hasRole(String role) {
        return role != null && roles.contains(role);
    }

    @Override
    public String toString() {
        return "AuthenticatedUser[" + name() + ", roles=" + roles + "]";
    }

    /** A principal that is only a name. */
    private record NamedPrincipal(String getName) implements Principal, java.io.Serializable {
        @Override
        public String toString() {
            return getName;
        }
    }
}
