package io.hawser.servlet;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The credentials of an {@code Authorization: Basic} field (RFC 7617 §2): the token68 after the
 * case-insensitive scheme name is base64 (RFC 4648 §4, padding optional), decoded as UTF-8 (the
 * {@code charset="UTF-8"} the challenge announces, §2.1), and split at the first colon into
 * user-id and password. Never logs or keeps the password beyond the returned value.
 *
 * @param username the user-id (may be empty)
 * @param password the password (may be empty)
 */
record BasicCredentials(String username, String password) {
    /** Longest field value read, in characters: credentials longer than this are refused (400). */
    static final int MAX_LENGTH = 4096;

    /**
     * @param field the {@code Authorization} field value, or {@code null}
     * @return the credentials, or {@code null} when there is no field or it names another scheme
     *     (the request is then unauthenticated and challenged)
     * @throws BadRequestException 400 for a Basic field that is empty, longer than
     *     {@link #MAX_LENGTH}, not base64, not UTF-8, or without a colon
     */
    static BasicCredentials parse(String field) {
        if (field == null) {
            return null;
        }
        String value = field.strip();
        int sp = value.indexOf(' ');
        String scheme = sp < 0 ? value : value.substring(0, sp);
        if (!scheme.equalsIgnoreCase("Basic")) {
            return null;
        }
        if (value.length() > MAX_LENGTH) {
            throw new BadRequestException(400, "Basic credentials longer than " + MAX_LENGTH + " characters");
        }
        String token = sp < 0 ? "" : value.substring(sp + 1).strip();
        if (token.isEmpty()) {
            throw new BadRequestException(400, "Basic credentials missing");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(token);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(400, "Basic credentials are not base64");
        }
        String decoded;
        try {
            decoded = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new BadRequestException(400, "Basic credentials are not UTF-8");
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw new BadRequestException(400, "Basic credentials without a colon");
        }
        for (int i = 0; i < decoded.length(); i++) {
            char c = decoded.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                // RFC 7617 §2: neither the user-id nor the password may contain control characters.
                throw new BadRequestException(400, "control character in the Basic "
                        + (i < colon ? "user-id" : "password"));
            }
        }
        return new BasicCredentials(decoded.substring(0, colon), decoded.substring(colon + 1));
    }

    /** Never prints the password. */
    @Override
    public String toString() {
        return "BasicCredentials[" + username + "]";
    }

    /**
     * @param realm the realm name
     * @return the {@code WWW-Authenticate} value (RFC 7617 §2.1): {@code Basic realm="…", charset="UTF-8"},
     *     the realm a quoted-string ({@code "} and {@code \} escaped; characters outside visible
     *     ASCII and space become {@code ?}, as a field value carries no other safely)
     */
    static String challenge(String realm) {
        StringBuilder s = new StringBuilder(realm.length() + 32).append("Basic realm=\"");
        for (int i = 0; i < realm.length(); i++) {
            char c = realm.charAt(i);
            if (c == '"' || c == '\\') {
                s.append('\\').append(c);
            } else if (c < 0x20 || c >= 0x7F) {
                s.append('?');
            } else {
                s.append(c);
            }
        }
        return s.append("\", charset=\"UTF-8\"").toString();
    }
}
