package io.hawser.api;

import java.util.Arrays;
import java.util.Objects;

/**
 * A field section being built: response fields and trailer fields. Names keep the case they are
 * given; lookups, {@link #set} and {@link #remove} compare names case-insensitively (RFC 9110 §5.1).
 *
 * <p>Names must be tokens and values may hold only VCHAR, obs-text (0x80–0xFF), SP and HTAB
 * (RFC 9110 §5.5): CR, LF, NUL, every other control character and DEL throw
 * {@link IllegalArgumentException}, so a response can never carry an injected or corrupt field line.
 * Not thread-safe.
 */
public final class MutableHttpFields implements HttpFields {
    /**
     * Field names the container itself sets, as literals: a name that is one of these very strings
     * (identity, not equality) is a token without looking at its characters.
     */
    private static final String[] KNOWN_NAMES = {
        "Content-Type", "Content-Length", "Content-Language", "Location", "Set-Cookie", "Cache-Control",
        "Last-Modified", "ETag", "Accept-Ranges", "Content-Range", "Vary", "Allow", "Connection",
    };

    private String[] names;
    private String[] values;
    private int size;

    /** An empty section with room for 8 lines (it grows as needed). */
    public MutableHttpFields() {
        names = new String[8];
        values = new String[8];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String name(int index) {
        Objects.checkIndex(index, size);
        return names[index];
    }

    @Override
    public String value(int index) {
        Objects.checkIndex(index, size);
        return values[index];
    }

    /**
     * Appends a field line.
     *
     * @param name a token (RFC 9110 §5.1)
     * @param value a field-value without CR, LF or NUL
     * @return this
     * @throws IllegalArgumentException for an invalid name or value
     */
    public MutableHttpFields add(String name, String value) {
        checkName(name);
        checkValue(value);
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size] = value;
        size++;
        return this;
    }

    /**
     * Replaces every line named {@code name} with one line, in the place of the first, or appends it.
     * A {@code null} value removes the field.
     *
     * @param name a token
     * @param value the new value, or {@code null} to remove
     * @return this
     * @throws IllegalArgumentException for an invalid name or value
     */
    public MutableHttpFields set(String name, String value) {
        if (value == null) {
            remove(name);
            return this;
        }
        checkName(name);
        checkValue(value);
        int first = -1;
        for (int i = 0; i < size; i++) {
            if (names[i].equalsIgnoreCase(name)) {
                first = i;
                break;
            }
        }
        if (first < 0) {
            return add(name, value);
        }
        names[first] = name;
        values[first] = value;
        removeFrom(name, first + 1);
        return this;
    }

    /**
     * Removes every line named {@code name}.
     *
     * @param name compared case-insensitively
     * @return whether anything was removed
     */
    public boolean remove(String name) {
        return removeFrom(name, 0);
    }

    /** Removes every line. */
    public void clear() {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
    }

    private boolean removeFrom(String name, int from) {
        int w = from;
        for (int r = from; r < size; r++) {
            if (!names[r].equalsIgnoreCase(name)) {
                names[w] = names[r];
                values[w] = values[r];
                w++;
            }
        }
        boolean removed = w != size;
        Arrays.fill(names, w, size, null);
        Arrays.fill(values, w, size, null);
        size = w;
        return removed;
    }

    private static void checkName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("empty field-name");
        }
        for (String known : KNOWN_NAMES) {
            if (name == known) {
                return; // the same literal: a token already (JLS §3.10.5, literals are interned)
            }
        }
        for (int i = 0; i < name.length(); i++) {
            if (!Tokens.isTchar(name.charAt(i))) {
                throw new IllegalArgumentException("field-name is not a token: " + name);
            }
        }
    }

    private static void checkValue(String value) {
        Objects.requireNonNull(value, "value");
        for (int i = 0, n = value.length(); i < n; i++) {
            char c = value.charAt(i);
            // RFC 9110 §5.5: field-value = *( VCHAR / obs-text / SP / HTAB ); a sender must not generate CTLs.
            if ((char) (c - 0x20) >= 0x5F && c != '\t' && (c < 0x80 || c > 0xFF)) {
                throw new IllegalArgumentException(String.format(
                        "field-value has %s at index %d (RFC 9110 §5.5 allows VCHAR, obs-text, SP and HTAB)",
                        c > 0xFF ? "a char above 0xFF" : String.format("the control character 0x%02X", (int) c), i));
            }
        }
    }
}
