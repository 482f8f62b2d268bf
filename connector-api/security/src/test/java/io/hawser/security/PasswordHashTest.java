package io.hawser.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class PasswordHashTest {
    @Test
    void theDefaultEncodingNamesSchemeIterationsA16ByteSaltAndA32ByteHash() {
        String encoded = PasswordHash.hash("correct horse".toCharArray());
        String[] parts = encoded.split(":");
        assertThat(parts).hasSize(4);
        assertThat(parts[0]).isEqualTo("pbkdf2-sha256");
        assertThat(parts[1]).isEqualTo("600000");
        assertThat(Base64.getDecoder().decode(parts[2])).hasSize(16);
        assertThat(Base64.getDecoder().decode(parts[3])).hasSize(32);
        assertThat(PasswordHash.verify(encoded, "correct horse")).isTrue();
        assertThat(PasswordHash.verify(encoded, "correct horse ")).isFalse();
    }

    @Test
    void verifiesTheRightPasswordOnlyAndSaltsEveryHash() {
        char[] password = "s3cret-é".toCharArray();
        String a = PasswordHash.hash(password, 1000);
        String b = PasswordHash.hash(password, 1000);
        assertThat(a).isNotEqualTo(b);
        assertThat(String.valueOf(password)).as("the caller's array is left alone").isEqualTo("s3cret-é");
        for (String encoded : List.of(a, b)) {
            assertThat(PasswordHash.verify(encoded, "s3cret-é")).isTrue();
            assertThat(PasswordHash.verify(encoded, "s3cret-e")).isFalse();
            assertThat(PasswordHash.verify(encoded, "")).isFalse();
        }
        String empty = PasswordHash.hash(new char[0], 1000);
        assertThat(PasswordHash.verify(empty, "")).isTrue();
        assertThat(PasswordHash.verify(empty, " ")).isFalse();
    }

    @Test
    void aPasswordWithNulNeverMatchesAndCannotBeHashed() {
        String encoded = PasswordHash.hash("pw".toCharArray(), 1000);
        assertThat(PasswordHash.verify(encoded, "pw")).isTrue();
        // HMAC zero-pads short keys: without the check these would verify too
        assertThat(PasswordHash.verify(encoded, "pw\0")).isFalse();
        assertThat(PasswordHash.verify(encoded, "pw\0\0")).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PasswordHash.hash("pw\0".toCharArray(), 1000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");
    }

    @Test
    void isPbkdf2HmacSha256OfTheUtf8PasswordAndTheDecodedSalt() throws Exception {
        String encoded = PasswordHash.hash("pässword".toCharArray(), 1500);
        String[] parts = encoded.split(":");
        byte[] salt = Base64.getDecoder().decode(parts[2]);
        assertThat(Base64.getDecoder().decode(parts[3]))
                .isEqualTo(rfc8018("pässword".getBytes(StandardCharsets.UTF_8), salt, 1500));
    }

    /** PBKDF2 (RFC 8018 §5.2) with HMAC-SHA256, one block of 32 bytes, written out independently of the JDK's. */
    private static byte[] rfc8018(byte[] password, byte[] salt, int iterations) throws Exception {
        Mac prf = Mac.getInstance("HmacSHA256");
        prf.init(new SecretKeySpec(password, "HmacSHA256"));
        prf.update(salt);
        byte[] u = prf.doFinal(ByteBuffer.allocate(4).putInt(1).array());
        byte[] t = u.clone();
        for (int i = 1; i < iterations; i++) {
            u = prf.doFinal(u);
            for (int j = 0; j < t.length; j++) {
                t[j] ^= u[j];
            }
        }
        return t;
    }

    @Test
    void refusesMalformedEncodingsWithoutRepeatingThem() {
        String good = PasswordHash.hash("x".toCharArray(), 1000);
        String[] p = good.split(":");
        List<String> bad = List.of("hunter2", "", "pbkdf2-sha256", "pbkdf2-sha1:1000:" + p[2] + ":" + p[3],
                "PBKDF2-SHA256:1000:" + p[2] + ":" + p[3], "pbkdf2-sha256:1000:" + p[2],
                "pbkdf2-sha256:1000:" + p[2] + ":" + p[3] + ":admin", "pbkdf2-sha256:999:" + p[2] + ":" + p[3],
                "pbkdf2-sha256:+1000:" + p[2] + ":" + p[3], "pbkdf2-sha256:99999999999:" + p[2] + ":" + p[3],
                "pbkdf2-sha256:1000:***:" + p[3], "pbkdf2-sha256:1000:" + p[2] + ":" + p[3].substring(0, 8),
                "pbkdf2-sha256:1000:AAAA:" + p[3], "pbkdf2-sha256:20000001:" + p[2] + ":" + p[3]);
        for (String encoded : bad) {
            assertThat(PasswordHash.isEncoded(encoded)).as(encoded).isFalse();
            assertThatThrownBy(() -> PasswordHash.verify(encoded, "x")).as(encoded)
                    .isInstanceOf(IllegalArgumentException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain(p[2]).doesNotContain("hunter2"));
        }
        assertThatThrownBy(() -> PasswordHash.verify(null, "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PasswordHash.verify("hunter2", "x")).hasMessage(
                "not a password hash: it does not start with pbkdf2-sha256:");
        assertThatThrownBy(() -> PasswordHash.verify("pbkdf2-sha256:999:" + p[2] + ":" + p[3], "x")).hasMessage(
                "the iterations of a pbkdf2-sha256 hash must be in 1000..20000000: 999");
        assertThatThrownBy(() -> PasswordHash.hash("x".toCharArray(), 10)).isInstanceOf(IllegalArgumentException.class);
        assertThat(PasswordHash.isEncoded(good)).isTrue();
        assertThat(PasswordHash.iterations(good)).isEqualTo(1000);
    }

    @Test
    void aDecoyHasTheIterationsAskedAndNoEverydayPasswordMatchesIt() {
        String decoy = PasswordHash.decoy(1234);
        assertThat(PasswordHash.iterations(decoy)).isEqualTo(1234);
        for (String guess : List.of("", "password", "admin", "decoy")) {
            assertThat(PasswordHash.verify(decoy, guess)).isFalse();
        }
        assertThat(PasswordHash.decoy(1234)).isNotEqualTo(decoy);
    }
}
