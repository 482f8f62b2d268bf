package io.hawser.servlet;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Session identifiers: 144 random bits from {@link SecureRandom} (OWASP asks for at least 64 bits of
 * entropy; the brief for at least 128), as 24 base64url characters, which are all cookie-octets.
 */
final class SessionIds {
    private static final int BYTES = 18;
    private final SecureRandom random = new SecureRandom();

    /** @return a new identifier, e.g. {@code 3q2-7wK1c9ZP0Jm8xWQbYf4T} */
    String next() {
        byte[] bytes = new byte[BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
