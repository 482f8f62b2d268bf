package io.hawser.api;

/**
 * Entity-tag lists (RFC 9110 §8.8.3: {@code "xyzzy"}, weak {@code W/"xyzzy"}) as the
 * {@code If-Match} and {@code If-None-Match} fields carry them: {@code *} or a comma-separated
 * list. Two comparisons (§8.8.3.2): the strong one ({@code If-Match}, {@code If-Range}) matches
 * only when neither tag is weak and the opaque tags are equal; the weak one ({@code If-None-Match})
 * ignores {@code W/}. A malformed list matches nothing.
 */
public final class EntityTags {
    private EntityTags() {
    }

    /**
     * @param fieldValue {@code *} or a list of entity-tags, e.g. {@code "a", W/"b"}; not {@code null}
     * @param etag the current representation's entity-tag with its quotes, e.g. {@code "5f-1a2b"} or
     *     {@code W/"5f"}; {@code null} when it has none (then only {@code *} matches)
     * @return whether {@code *} or a listed tag matches by the strong comparison
     */
    public static boolean strongMatch(String fieldValue, String etag) {
        return anyMatches(fieldValue, etag, false);
    }

    /**
     * @param fieldValue {@code *} or a list of entity-tags; not {@code null}
     * @param etag the current representation's entity-tag with its quotes, or {@code null} when it
     *     has none (then only {@code *} matches)
     * @return whether {@code *} or a listed tag matches by the weak comparison
     */
    public static boolean weakMatch(String fieldValue, String etag) {
        return anyMatches(fieldValue, etag, true);
    }

    private static boolean anyMatches(String header, String etag, boolean weak) {
        String h = header.trim();
        if (h.equals("*")) {
            return true;
        }
        if (etag == null) {
            return false;
        }
        boolean currentWeak = etag.startsWith("W/");
        String opaque = currentWeak ? etag.substring(2) : etag;
        int i = 0;
        int n = h.length();
        while (i < n) {
            while (i < n && (h.charAt(i) == ' ' || h.charAt(i) == '\t' || h.charAt(i) == ',')) {
                i++;
            }
            if (i >= n) {
                break;
            }
            boolean tagWeak = h.startsWith("W/", i);
            if (tagWeak) {
                i += 2;
            }
            if (i >= n || h.charAt(i) != '"') {
                return false;
            }
            int end = h.indexOf('"', i + 1);
            if (end < 0) {
                return false;
            }
            String tag = h.substring(i, end + 1);
            if (tag.equals(opaque) && (weak || !tagWeak && !currentWeak)) {
                return true;
            }
            i = end + 1;
        }
        return false;
    }

    /**
     * @param value an {@code If-Range} value
     * @return whether it is an entity-tag (rather than an HTTP-date)
     */
    static boolean isEntityTag(String value) {
        String h = value.trim();
        return h.startsWith("\"") || h.startsWith("W/\"");
    }
}
