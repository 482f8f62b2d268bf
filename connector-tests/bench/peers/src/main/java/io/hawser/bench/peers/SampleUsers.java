package io.hawser.bench.peers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The users of a Hawser realm file ({@code --realm}, e.g. {@code samples/secured/users}), for the
 * {@code -all} startup launchers' login services: one user a line,
 * {@code name:pbkdf2-sha256:ITERATIONS:SALT:HASH:roles} (SALT and HASH base64, HASH the
 * PBKDF2WithHmacSHA256 of the password, as long as HASH); {@code #} lines and blank lines are skipped.
 * Neither Jetty's {@code HashLoginService} file nor Tomcat's {@code tomcat-users.xml} reads this format,
 * so each launcher builds its in-memory store from these records, with the same hashes.
 */
record SampleUsers(String name, int iterations, byte[] salt, byte[] hash, List<String> roles) {
    static final String ALGORITHM = "PBKDF2WithHmacSHA256";

    static List<SampleUsers> read(Path file) throws IOException {
        List<SampleUsers> users = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split(":", -1);
            if (f.length != 6 || !f[1].equals("pbkdf2-sha256")) {
                throw new IOException(file + ": not name:pbkdf2-sha256:ITERATIONS:SALT:HASH:roles: " + f[0]);
            }
            users.add(new SampleUsers(f[0], Integer.parseInt(f[2]), Base64.getDecoder().decode(f[3]),
                    Base64.getDecoder().decode(f[4]), f[5].isEmpty() ? List.of() : List.of(f[5].split(","))));
        }
        return users;
    }

    /** @return whether {@code password} is this user's */
    boolean matches(String password) {
        try {
            PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, hash.length * 8);
            byte[] derived = SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
            return MessageDigest.isEqual(derived, hash);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** @return the hash in the stored form of Tomcat's {@code SecretKeyCredentialHandler}: {@code salt$iterations$hash}, hex */
    String tomcatStored() {
        HexFormat hex = HexFormat.of();
        return hex.formatHex(salt) + "$" + iterations + "$" + hex.formatHex(hash);
    }
}
