package io.hawser.security;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Password hashes in a self-describing text form, computed with the JDK's PBKDF2
 * ({@code PBKDF2WithHmacSHA256}, RFC 8018 §5.2):
 *
 * <pre>
 * pbkdf2-sha256:ITERATIONS:SALT:HASH
 * pbkdf2-sha256:600000:q0bM9wYx0GdQnBg7K3bH3A==:0N2Zkq...Qf4=
 * </pre>
 *
 * <p>{@code SALT} and {@code HASH} are standard Base64 (RFC 4648 §4, padding optional). {@link #hash}
 * uses {@value #DEFAULT_ITERATIONS} iterations (OWASP's Password Storage Cheat Sheet figure for
 * PBKDF2-HMAC-SHA256), a {@value #SALT_BYTES}-byte random salt and a {@value #HASH_BYTES}-byte
 * hash; {@link #verify} honours whatever the encoding says, within {@value #MIN_ITERATIONS} to
 * {@value #MAX_ITERATIONS} iterations, 8 to 64 salt bytes and 16 to 64 hash bytes. The cost is
 * deliberate: one verification takes about a quarter of a second of one core at the default, and
 * BASIC authentication verifies on every request (FORM verifies once per session).
 *
 * <p>Thread-safe; all methods are static.
 */
public final class PasswordHash {
    /** The scheme name, the encoding's first field. */
    public static final String SCHEME = "pbkdf2-sha256";
    /** Iterations {@link #hash(char[])} uses: OWASP's figure (2023) for PBKDF2-HMAC-SHA256. */
    public static final int DEFAULT_ITERATIONS = 600_000;
    /** Fewest iterations an encoding may name: below this it is not a password hash worth the name. */
    public static final int MIN_ITERATIONS = 1_000;
    /** Most iterations an encoding may name (about 7 s of one core), so a typo cannot stall every login. */
    public static final int MAX_ITERATIONS = 20_000_000;
    /** Random salt bytes {@link #hash} draws. */
    public static final int SALT_BYTES = 16;
    /** Hash bytes {@link #hash} derives (the HMAC-SHA256 output length). */
    public static final int HASH_BYTES = 32;

    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private PasswordHash() {
    }

    /**
     * @param password the password; not cleared (the caller owns it)
     * @return its encoding with {@value #DEFAULT_ITERATIONS} iterations and a fresh random salt
     */
    public static String hash(char[] password) {
        return hash(password, DEFAULT_ITERATIONS);
    }

    /**
     * @param password the password; not cleared (the caller owns it)
     * @param iterations PBKDF2 iterations, {@value #MIN_ITERATIONS}..{@value #MAX_ITERATIONS}
     * @return its encoding {@code pbkdf2-sha256:ITERATIONS:SALT:HASH} with a fresh random salt
     * @throws IllegalArgumentException for iterations out of range, or a password containing NUL
     *     (HMAC's zero padding would make {@code pw} and {@code pw\0} the same password)
     */
    public static String hash(char[] password, int iterations) {
        Objects.requireNonNull(password, "password");
        checkIterations(iterations);
        for (char c : password) {
            if (c == '\0') {
                throw new IllegalArgumentException("a password may not contain NUL");
            }
        }
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] derived = derive(password, salt, iterations, HASH_BYTES);
        Base64.Encoder b64 = Base64.getEncoder();
        return SCHEME + ":" + iterations + ":" + b64.encodeToString(salt) + ":" + b64.encodeToString(derived);
    }

    /**
     * Checks a password against an encoding, comparing the hashes in constant time
     * ({@link MessageDigest#isEqual}).
     *
     * @param encoded an encoding {@link #hash} made
     * @param password the password to check
     * @return whether it is the password the encoding was made from
     * @throws IllegalArgumentException when {@code encoded} is not such an encoding; the message
     *     says which part is wrong and never repeats the text
     */
    public static boolean verify(String encoded, String password) {
        Objects.requireNonNull(password, "password");
        Encoded e = parse(encoded);
        char[] chars = password.toCharArray();
        try {
            // HMAC pads a short key with zero bytes, so "pw" and "pw\0" would derive the same hash:
            // a password with a NUL never matches (hash refuses to make one), after the same work.
            boolean matches = MessageDigest.isEqual(e.hash, derive(chars, e.salt, e.iterations, e.hash.length));
            return matches && password.indexOf('\0') < 0;
        } finally {
            Arrays.fill(chars, '\0');
        }
    }

    /**
     * @param text any text
     * @return whether it is a well-formed encoding {@link #verify} accepts
     */
    public static boolean isEncoded(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * @param encoded a well-formed encoding
     * @return the iterations it names
     * @throws IllegalArgumentException when it is not well-formed
     */
    public static int iterations(String encoded) {
        return parse(encoded).iterations;
    }

    /**
     * An encoding of a random password nobody knows, for a realm to verify against when the user
     * name is unknown, so that answering "no such user" takes as long as "wrong password" (no user
     * enumeration by timing).
     *
     * @param iterations the iterations of the realm's real hashes
     * @return an encoding no password verifies against, in practice (a random 32-byte secret)
     * @throws IllegalArgumentException for iterations out of range
     */
    public static String decoy(int iterations) {
        char[] secret = new char[32];
        for (int i = 0; i < secret.length; i++) {
            secret[i] = (char) ('!' + RANDOM.nextInt(94));
        }
        try {
            return hash(secret, iterations);
        } finally {
            Arrays.fill(secret, '\0');
        }
    }

    /** A parsed encoding. */
    private record Encoded(int iterations, byte[] salt, byte[] hash) {
    }

    private static Encoded parse(String encoded) {
        if (encoded == null) {
            throw new IllegalArgumentException("no password hash");
        }
        String[] parts = encoded.split(":", -1);
        if (!parts[0].equals(SCHEME)) {
            throw new IllegalArgumentException("not a password hash: it does not start with " + SCHEME + ":");
        }
        if (parts.length != 4) {
            throw new IllegalArgumentException("a " + SCHEME + " hash has 4 fields separated by ':'"
                    + " (scheme, iterations, salt, hash), this one " + parts.length);
        }
        int iterations;
        try {
            iterations = parts[1].chars().allMatch(c -> c >= '0' && c <= '9') ? Integer.parseInt(parts[1]) : -1;
        } catch (NumberFormatException e) {
            iterations = -1;
        }
        if (iterations < 0) {
            throw new IllegalArgumentException("the iterations of a " + SCHEME + " hash must be a decimal number");
        }
        checkIterations(iterations);
        byte[] salt = base64(parts[2], "salt", 8);
        byte[] hash = base64(parts[3], "hash", 16);
        return new Encoded(iterations, salt, hash);
    }

    private static byte[] base64(String text, String field, int min) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the " + field + " of a " + SCHEME + " hash is not Base64");
        }
        if (bytes.length < min || bytes.length > 64) {
            throw new IllegalArgumentException("the " + field + " of a " + SCHEME + " hash must be " + min
                    + " to 64 bytes, not " + bytes.length);
        }
        return bytes;
    }

    private static void checkIterations(int iterations) {
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new IllegalArgumentException("the iterations of a " + SCHEME + " hash must be in " + MIN_ITERATIONS
                    + ".." + MAX_ITERATIONS + ": " + iterations);
        }
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations, int bytes) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, bytes * 8);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            // every Java SE runtime has PBKDF2WithHmacSHA256 (the JDK's SunJCE provider)
            throw new IllegalStateException(ALGORITHM + " is not available: " + e, e);
        } finally {
            spec.clearPassword();
        }
    }
}
