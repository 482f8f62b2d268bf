package io.hawser.api;

import java.util.Locale;

/**
 * Content negotiation on {@code Accept-Encoding} (RFC 9110 §12.5.3): a list of codings, each with
 * an optional weight {@code ;q=} (0 to 1, up to three decimals; §12.4.2). A coding is acceptable
 * when its own weight, else the weight of {@code *}, is above 0. {@code identity} is acceptable
 * unless it, or {@code *} without an {@code identity} entry, has {@code q=0}; a request without the
 * field accepts any coding (§12.5.3: "any content coding is considered acceptable"), but a server
 * then should send identity, so {@link #quality} reports 0 for other codings when the field is absent.
 * A malformed weight makes its entry count as {@code q=0}.
 */
public final class AcceptEncoding {
    private AcceptEncoding() {
    }

    /**
     * @param fieldValues the request's {@code Accept-Encoding} lines, or an empty list when absent
     * @param coding a content coding ({@code gzip}, {@code br}) or {@code identity}, lower case
     * @return its weight in thousandths, 0..1000: 0 means not acceptable
     */
    public static int quality(java.util.List<String> fieldValues, String coding) {
        if (fieldValues.isEmpty()) {
            return coding.equals("identity") ? 1000 : 0;
        }
        int own = -1;
        int star = -1;
        for (String line : fieldValues) {
            for (String entry : line.split(",")) {
                int semi = entry.indexOf(';');
                String name = (semi < 0 ? entry : entry.substring(0, semi)).strip().toLowerCase(Locale.ROOT);
                if (name.isEmpty()) {
                    continue;
                }
                int q = semi < 0 ? 1000 : weight(entry.substring(semi + 1));
                if (name.equals(coding) || coding.equals("gzip") && name.equals("x-gzip")) {
                    own = Math.max(own, q);
                } else if (name.equals("*")) {
                    star = Math.max(star, q);
                }
            }
        }
        if (own >= 0) {
            return own;
        }
        if (star >= 0) {
            return star;
        }
        return coding.equals("identity") ? 1000 : 0;
    }

    /**
     * @param fields a request's field section
     * @param coding a content coding, lower case
     * @return whether the coding is acceptable ({@link #quality} above 0)
     */
    public static boolean accepts(HttpFields fields, String coding) {
        return quality(fields.getAll("Accept-Encoding"), coding) > 0;
    }

    /** @return {@code q=0.5} and the like in thousandths; malformed → 0 */
    private static int weight(String params) {
        for (String p : params.split(";")) {
            String t = p.strip();
            if (t.length() < 2 || (t.charAt(0) != 'q' && t.charAt(0) != 'Q') || t.charAt(1) != '=') {
                continue;
            }
            String v = t.substring(2);
            if (v.matches("0(\\.[0-9]{0,3})?")) {
                return v.length() <= 2 ? 0 : Integer.parseInt((v.substring(2) + "00").substring(0, 3));
            }
            if (v.matches("1(\\.0{0,3})?")) {
                return 1000;
            }
            return 0;
        }
        return 1000;
    }
}
