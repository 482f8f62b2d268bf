package io.hawser.security;

/**
 * Who a user is: checks a user name and password and gives the user's principal and roles, as
 * Tomcat's {@code Realm} and Jetty's {@code LoginService} do. The servlet layer calls it for BASIC
 * and FORM authentication and for {@code HttpServletRequest.login} (Servlet 6.1 §13.6).
 *
 * <p>Implementations are thread-safe and compare credentials in constant time
 * ({@link PasswordHash#verify}); they never log a password. Hawser ships a users file
 * ({@link UsersFileRealm}) and JAAS ({@link JaasRealm}); an embedder may give its own.
 * {@code CLIENT-CERT} login needs a {@link CertificateRealm}.
 */
@FunctionalInterface
public interface Realm {
    /**
     * @param username the name as the client sent it (not trimmed, case-sensitive)
     * @param password the password as the client sent it
     * @return the authenticated user, or {@code null} when the name is unknown or the password does
     *     not match (a failed login is not an exception)
     * @throws RuntimeException only when the realm itself cannot answer (its store is unreadable);
     *     the request then fails with 500 and nobody is signed in
     */
    AuthenticatedUser authenticate(String username, String password);
}
