package io.hawser.servlet;

import jakarta.servlet.HttpConstraintElement;
import jakarta.servlet.HttpMethodConstraintElement;
import jakarta.servlet.ServletSecurityElement;
import jakarta.servlet.annotation.ServletSecurity.EmptyRoleSemantic;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Turns a servlet's {@link ServletSecurityElement} ({@code setServletSecurity} or
 * {@code @ServletSecurity}, Servlet 6.1 §13.4) into descriptor-shaped constraints over the
 * servlet's url-patterns: one constraint per {@code HttpMethodConstraintElement}, and one for the
 * element's default over every other method (left out when it constrains nothing and no method
 * is named, so an empty {@code @ServletSecurity} covers nothing). A {@code PERMIT} with no roles
 * is a constraint without auth-constraint; {@code DENY} an empty one.
 */
final class ServletConstraints {
    private ServletConstraints() {
    }

    /**
     * @param element the servlet's security element
     * @param patterns the url-patterns it applies to (the servlet's mappings no descriptor
     *     constraint names, §4.4.2.x); none gives no constraint
     * @return the constraints, in the element's order, the default last
     */
    static List<SecurityConstraint> of(ServletSecurityElement element, Collection<String> patterns) {
        List<SecurityConstraint> out = new ArrayList<>();
        if (patterns.isEmpty()) {
            return out;
        }
        List<String> urls = List.copyOf(patterns);
        for (HttpMethodConstraintElement m : element.getHttpMethodConstraints()) {
            out.add(constraint(new WebResourceCollection(null, urls, Set.of(m.getMethodName()), Set.of()), m));
        }
        Collection<String> named = element.getMethodNames();
        boolean unconstrained = element.getEmptyRoleSemantic() == EmptyRoleSemantic.PERMIT
                && element.getRolesAllowed().length == 0 && element.getTransportGuarantee() == TransportGuarantee.NONE;
        if (!named.isEmpty() || !unconstrained) {
            out.add(constraint(new WebResourceCollection(null, urls, Set.of(), Set.copyOf(named)), element));
        }
        return out;
    }

    private static SecurityConstraint constraint(WebResourceCollection wrc, HttpConstraintElement e) {
        List<String> roles;
        if (e.getRolesAllowed().length > 0) {
            roles = List.of(e.getRolesAllowed());
        } else {
            roles = e.getEmptyRoleSemantic() == EmptyRoleSemantic.DENY ? List.of() : null;
        }
        return new SecurityConstraint(List.of(wrc), roles, e.getTransportGuarantee());
    }
}
