package io.hawser.servlet;

import io.hawser.security.AuthenticatedUser;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the security constraints of one url-pattern say about one HTTP method, combined by Servlet
 * 6.1 §13.8.1: an empty auth-constraint (deny) wins over everything; a constraint without an
 * auth-constraint lets everyone in, unauthenticated; otherwise the role names are united ({@code *}
 * expanded to the declared roles, {@code **} any authenticated user unless {@code **} is itself a
 * declared role). The user-data constraints combine to the union of the connection types they
 * accept, so a confidential transport is needed only when every constraint asks for one.
 * Immutable.
 *
 * @param denied every request is refused (403)
 * @param anonymous no authentication is needed
 * @param anyAuthenticated every authenticated user may enter ({@code **})
 * @param roles the roles that may enter (when neither of the above)
 * @param confidential the request must come over a confidential (TLS) connection
 */
record AccessRule(boolean denied, boolean anonymous, boolean anyAuthenticated, Set<String> roles,
                  boolean confidential) {
    /** A method left uncovered at a constrained pattern under {@code deny-uncovered-http-methods} (§13.8.4). */
    static final AccessRule UNCOVERED_DENIED = new AccessRule(true, false, false, Set.of(), false);

    AccessRule {
        roles = Set.copyOf(roles);
    }

    /**
     * @param constraints the constraints that apply to one pattern and method; at least one
     * @param declaredRoles the roles the application declares ({@code *} stands for them)
     * @return their combination (§13.8.1)
     */
    static AccessRule combine(List<SecurityConstraint> constraints, Set<String> declaredRoles) {
        boolean denied = false;
        boolean anonymous = false;
        boolean anyAuthenticated = false;
        boolean confidential = true;
        Set<String> roles = new HashSet<>();
        for (SecurityConstraint c : constraints) {
            if (c.transportGuarantee() == TransportGuarantee.NONE) {
                confidential = false;
            }
            if (c.roles() == null) {
                anonymous = true;
            } else if (c.roles().isEmpty()) {
                denied = true;
            } else {
                for (String role : c.roles()) {
                    if (role.equals("*")) {
                        roles.addAll(declaredRoles);
                    } else if (role.equals("**") && !declaredRoles.contains("**")) {
                        anyAuthenticated = true;
                    } else {
                        roles.add(role);
                    }
                }
            }
        }
        if (denied) {
            return new AccessRule(true, false, false, Set.of(), confidential);
        }
        if (anonymous) {
            return new AccessRule(false, true, false, Set.of(), confidential);
        }
        return new AccessRule(false, false, anyAuthenticated, roles, confidential);
    }

    /** @return whether the request needs an authenticated user (not denied, not open to everyone) */
    boolean needsAuthentication() {
        return !denied && !anonymous;
    }

    /**
     * @param user the authenticated user, or {@code null}
     * @return whether that user may have the resource
     */
    boolean permits(AuthenticatedUser user) {
        if (denied) {
            return false;
        }
        if (anonymous) {
            return true;
        }
        if (user == null) {
            return false;
        }
        if (anyAuthenticated) {
            return true;
        }
        for (String role : roles) {
            if (user.hasRole(role)) {
                return true;
            }
        }
        return false;
    }
}
