package io.hawser.servlet;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Session identifiers: 144 random bits from {@link SecureRandom} (OWASP asks for at least 64 bits of
 * entropy; the brief for at least 128), as 24 base64url characters, which are all cookie-octets.
 * The generator is made on the first identifier, not with the web app: seeding a {@code SecureRandom}
 * (its provider's setup, the read of the system's entropy source) costs startup time that an app
 * without sessions never needs back.
 */
final class SessionIds {
    private static final int BYTES = 18;

    /** @return a new identifier, e.g. {@code 3q2-7wK1c9ZP0Jm8xWQbYf4T} */
    String next() {
        byte[] bytes = new byte[BYTES];
        Generator.RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Holds the generator, made when this class is first used (thread-safe class initialization). */
    private static final class Generator {
        static final SecureRandom RANDOM = new SecureRandom();
    }
}
