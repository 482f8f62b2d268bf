package io.hawser.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The password each user last signed in with, remembered as an HMAC-SHA256 under a random key that
 * lives only in this process, so a correct password is checked against its slow
 * {@link PasswordHash} once and then in microseconds. BASIC authentication (RFC 7617) sends the
 * password with every request; without this, each request would cost a full PBKDF2 computation
 * (about a quarter of a second of CPU at the default iterations). A wrong password is never
 * remembered and always pays the full computation, so the memo changes nothing for an attacker
 * guessing; memory holds a keyed digest, never the password. Thread-safe; one per set of users
 * (a reloaded users file starts with an empty one, so a changed password is never answered from it).
 */
final class VerifiedPasswords {
    private static final String MAC = "HmacSHA256";
    /** Most users remembered at once: beyond it the memo is cleared (it only saves time). */
    static final int MAX_USERS = 10_000;

    /** Keyed once; each digest works on a clone (no provider lookup or key setup per request). */
    private final Mac keyed;
    private final ConcurrentHashMap<String, byte[]> byName = new ConcurrentHashMap<>();

    VerifiedPasswords() {
        byte[] k = new byte[32];
        new SecureRandom().nextBytes(k);
        try {
            keyed = Mac.getInstance(MAC);
            keyed.init(new SecretKeySpec(k, MAC));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }

    /** @return whether {@code password} is the one {@code name} last signed in with (constant time) */
    boolean matches(String name, String password) {
        byte[] known = byName.get(name);
        return known != null && MessageDigest.isEqual(known, digest(name, password));
    }

    /** Remembers that {@code password} verified for {@code name}. */
    void verified(String name, String password) {
        if (byName.size() >= MAX_USERS) {
            byName.clear();
        }
        byName.put(name, digest(name, password));
    }

    private byte[] digest(String name, String password) {
        try {
            Mac mac = (Mac) keyed.clone();
            mac.update(name.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            return mac.doFinal(password.getBytes(StandardCharsets.UTF_8));
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's HmacSHA256 cannot be cloned", e);
        }
    }
}
