package io.hawser.nio;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Reads the files of a TLS configuration: raw bytes with one-line failures naming the file, and
 * PEM (RFC 7468) certificates and PKCS#8 private keys (RFC 5208 / RFC 5958), plain or encrypted
 * ({@code BEGIN ENCRYPTED PRIVATE KEY}, PBES2 as PKCS#5 v2.1 / RFC 8018 defines it), with the JDK
 * alone. Every failure is an {@link IOException} whose message is one line:
 * {@code TLS <what> <file>: <problem>}.
 */
final class TlsFiles {
    /** The PKCS#8 key algorithms tried in turn (the JDK's {@code EdDSA} covers Ed25519 and Ed448). */
    private static final String[] KEY_ALGORITHMS = {"RSA", "EC", "EdDSA", "RSASSA-PSS"};
    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END \\1-----", Pattern.DOTALL);
    private static final String PBES2_OID = "1.2.840.113549.1.5.13";
    private static final String TO_PKCS8 = "convert it with: openssl pkcs8 -topk8 -nocrypt -in OLD -out NEW";

    private TlsFiles() {
    }

    /** A PEM block: its label ({@code CERTIFICATE}, {@code PRIVATE KEY}, …) and decoded DER. */
    record Block(String label, byte[] der) {
    }

    /**
     * @param what what the file is for, e.g. {@code certificate chain}
     * @param file the file
     * @param problem what is wrong, without the file
     * @return the exception to throw: {@code TLS <what> <file>: <problem>} on one line
     */
    static IOException failure(String what, Path file, String problem) {
        return new IOException("TLS " + what + " " + file + ": " + problem.replaceAll("\\s+", " ").strip());
    }

    /** @return {@code e}'s message, or its class's name when it has none */
    static String reason(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** @return every byte of {@code file} @throws IOException missing or unreadable, naming it */
    static byte[] read(String what, Path file) throws IOException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw failure(what, file, "file not found");
        } catch (AccessDeniedException e) {
            throw failure(what, file, "not readable (permission denied)");
        } catch (IOException e) {
            throw failure(what, file, "cannot be read (" + reason(e) + ")");
        }
    }

    /** @return the PEM blocks of {@code file} in order (text outside them is ignored) */
    static List<Block> blocks(String what, Path file) throws IOException {
        String text = new String(read(what, file), StandardCharsets.ISO_8859_1);
        List<Block> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            String body = m.group(2);
            if (body.indexOf(':') >= 0) {
                throw failure(what, file, "the " + m.group(1) + " block has headers (legacy OpenSSL encryption, "
                        + "Proc-Type/DEK-Info): " + TO_PKCS8 + " (or -v2 aes-256-cbc to keep a password)");
            }
            try {
                blocks.add(new Block(m.group(1), Base64.getDecoder().decode(body.replaceAll("\\s+", ""))));
            } catch (IllegalArgumentException e) {
                throw failure(what, file, "the " + m.group(1) + " block is not valid Base64 (" + reason(e) + ")");
            }
        }
        return blocks;
    }

    /**
     * @return the certificates of a PEM file, in file order
     * @throws IOException no {@code CERTIFICATE} block, or one that is not an X.509 certificate
     */
    static List<X509Certificate> certificates(String what, Path file) throws IOException {
        List<X509Certificate> certs = new ArrayList<>();
        CertificateFactory factory;
        try {
            factory = CertificateFactory.getInstance("X.509");
        } catch (CertificateException e) {
            throw failure(what, file, "no X.509 support in this JDK (" + reason(e) + ")");
        }
        List<Block> blocks = blocks(what, file);
        for (Block b : blocks) {
            if (!b.label().equals("CERTIFICATE")) {
                continue;
            }
            try {
                certs.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(b.der())));
            } catch (CertificateException | ClassCastException e) {
                throw failure(what, file, "certificate " + (certs.size() + 1) + " is not a valid X.509 certificate ("
                        + reason(e) + ")");
            }
        }
        if (certs.isEmpty()) {
            throw failure(what, file, "not a PEM certificate file (no -----BEGIN CERTIFICATE----- line"
                    + (blocks.isEmpty() ? "; a DER file? convert it with: openssl x509 -inform der -in OLD -out NEW)" : ")"));
        }
        return certs;
    }

    /**
     * Reads the one PKCS#8 private key of a PEM file (other blocks, such as certificates, are ignored).
     *
     * @param password for {@code BEGIN ENCRYPTED PRIVATE KEY}; {@code null} for a plain key
     * @return the key (RSA, EC, EdDSA or RSASSA-PSS)
     * @throws IOException no key, several, an unsupported form (PKCS#1, SEC1, OpenSSH), an encrypted
     *     key without a password or with a wrong one, or an encryption the JDK cannot undo
     */
    static PrivateKey privateKey(String what, Path file, char[] password) throws IOException {
        Block key = null;
        for (Block b : blocks(what, file)) {
            switch (b.label()) {
                case "PRIVATE KEY", "ENCRYPTED PRIVATE KEY" -> {
                    if (key != null) {
                        throw failure(what, file, "holds more than one private key");
                    }
                    key = b;
                }
                case "RSA PRIVATE KEY", "EC PRIVATE KEY", "DSA PRIVATE KEY", "OPENSSH PRIVATE KEY" ->
                    throw failure(what, file, "is a " + b.label() + " (not PKCS#8, which Hawser reads: "
                            + "BEGIN PRIVATE KEY); " + TO_PKCS8);
                default -> {
                    // certificates or EC parameters beside the key
                }
            }
        }
        if (key == null) {
            throw failure(what, file, "not a PEM private key (no -----BEGIN PRIVATE KEY----- line)");
        }
        byte[] pkcs8 = key.der();
        if (key.label().equals("ENCRYPTED PRIVATE KEY")) {
            if (password == null) {
                throw failure(what, file, "the key is encrypted (BEGIN ENCRYPTED PRIVATE KEY) and no password is given");
            }
            pkcs8 = decrypt(what, file, pkcs8, password);
        }
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            } catch (InvalidKeySpecException | NoSuchAlgorithmException | ClassCastException e) {
                // not this algorithm: try the next
            }
        }
        throw failure(what, file, "not a PKCS#8 RSA, EC or EdDSA private key");
    }

    /** @return the PKCS#8 DER inside an {@code EncryptedPrivateKeyInfo} (RFC 5958 §3) */
    private static byte[] decrypt(String what, Path file, byte[] der, char[] password) throws IOException {
        EncryptedPrivateKeyInfo info;
        String algorithm;
        try {
            info = new EncryptedPrivateKeyInfo(der);
            algorithm = info.getAlgName();
            AlgorithmParameters params = info.getAlgParameters();
            if ((algorithm.equals("PBES2") || algorithm.equals(PBES2_OID)) && params != null) {
                algorithm = params.toString(); // JDK 17 names PBES2 by its parameters: PBEWithHmacSHA256AndAES_256
            }
            SecretKeyFactory.getInstance(algorithm);
            Cipher.getInstance(algorithm);
        } catch (IOException | GeneralSecurityException e) {
            throw failure(what, file, "this JDK cannot decrypt the key's encryption (" + reason(e) + "); re-encrypt it "
                    + "with PBES2/PBKDF2: openssl pkcs8 -topk8 -v2 aes-256-cbc -v2prf hmacWithSHA256, or use a PKCS#12 key store");
        }
        try {
            Cipher cipher = Cipher.getInstance(algorithm);
            cipher.init(Cipher.DECRYPT_MODE,
                    SecretKeyFactory.getInstance(algorithm).generateSecret(new PBEKeySpec(password)),
                    info.getAlgParameters());
            return info.getKeySpec(cipher).getEncoded();
        } catch (GeneralSecurityException e) {
            throw failure(what, file, "the key does not decrypt with the password given (wrong password?)");
        }
    }
}
