package io.hawser.servlet;

import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.util.List;
import java.util.Objects;

/**
 * A {@code <security-constraint>} (Servlet 6.1 §13.8): what it covers, who may have it and how it
 * must travel. Several constraints on one request combine by §13.8.1. Immutable.
 *
 * @param collections what the constraint covers; at least one
 * @param roles the {@code <auth-constraint>}: {@code null} when there is none (no authentication
 *     needed), empty to deny everyone, else role names, {@code *} (every role the app declares) or
 *     {@code **} (any authenticated user)
 * @param transportGuarantee the {@code <user-data-constraint>}: {@code NONE}, or {@code CONFIDENTIAL}
 *     ({@code INTEGRAL} means the same, §13.8)
 */
public record SecurityConstraint(List<WebResourceCollection> collections, List<String> roles,
                                 TransportGuarantee transportGuarantee) {
    /** @throws IllegalArgumentException for no collection */
    public SecurityConstraint {
        collections = List.copyOf(collections);
        roles = roles == null ? null : List.copyOf(roles);
        Objects.requireNonNull(transportGuarantee, "transportGuarantee");
        if (collections.isEmpty()) {
            throw new IllegalArgumentException("a security-constraint needs at least one web-resource-collection");
        }
    }

    /**
     * @param collection what it covers
     * @param roles who may have it: role names, {@code *} or {@code **}; none to deny everyone
     * @return a constraint with that auth-constraint and no transport guarantee
     */
    public static SecurityConstraint rolesAllowed(WebResourceCollection collection, String... roles) {
        return new SecurityConstraint(List.of(collection), List.of(roles), TransportGuarantee.NONE);
    }

    /**
     * @param collection what it covers
     * @return a constraint denying everyone (an empty auth-constraint)
     */
    public static SecurityConstraint denyAll(WebResourceCollection collection) {
        return new SecurityConstraint(List.of(collection), List.of(), TransportGuarantee.NONE);
    }

    /**
     * @param collection what it covers
     * @return a constraint with no auth-constraint that requires a confidential transport
     */
    public static SecurityConstraint confidential(WebResourceCollection collection) {
        return new SecurityConstraint(List.of(collection), null, TransportGuarantee.CONFIDENTIAL);
    }

    /** @return whether an empty auth-constraint denies everyone */
    public boolean deniesAll() {
        return roles != null && roles.isEmpty();
    }
}
