package io.hawser.servlet;

/**
 * Entity-tag comparison for the default servlet's conditional requests (RFC 9110 §8.8.3.2):
 * {@code If-Match} uses the strong comparison, {@code If-None-Match} the weak one.
 */
final class EtagMatch {
    private EtagMatch() {
    }

    /**
     * @param header the field value: {@code *} or a comma-separated list of entity-tags
     * @param etag the current representation's entity-tag, e.g. {@code "5f-1a2b"} (quotes included)
     * @param weak whether to use the weak comparison (tags equal ignoring {@code W/})
     * @return whether any listed tag matches; a malformed list matches nothing
     */
    static boolean anyMatches(String header, String etag, boolean weak) {
        String h = header.trim();
        if (h.equals("*")) {
            return true;
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
     * @param header an {@code If-Range} value
     * @return whether it is an entity-tag (rather than an HTTP-date)
     */
    static boolean isEntityTag(String header) {
        String h = header.trim();
        return h.startsWith("\"") || h.startsWith("W/\"");
    }
}
