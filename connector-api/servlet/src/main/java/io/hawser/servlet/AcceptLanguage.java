package io.hawser.servlet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Parses {@code Accept-Language} (RFC 9110 §12.5.4) into locales by decreasing weight, equal
 * weights in field order; {@code *} and weight 0 are left out (Servlet 6.1 §3.11).
 */
final class AcceptLanguage {
    private AcceptLanguage() {
    }

    private record Weighted(Locale locale, double q, int order) {
    }

    /**
     * @param fields the values of every Accept-Language line
     * @return the locales, preferred first; empty when none is usable
     */
    static List<Locale> parse(List<String> fields) {
        List<Weighted> weighted = new ArrayList<>();
        for (String field : fields) {
            for (String range : field.split(",")) {
                String[] parts = range.split(";");
                String tag = parts[0].trim();
                if (tag.isEmpty() || tag.equals("*")) {
                    continue;
                }
                double q = 1;
                for (int i = 1; i < parts.length; i++) {
                    String p = parts[i].trim();
                    if (p.startsWith("q=") || p.startsWith("Q=")) {
                        try {
                            q = Double.parseDouble(p.substring(2));
                        } catch (NumberFormatException e) {
                            q = 0;
                        }
                    }
                }
                if (q > 0 && q <= 1) {
                    weighted.add(new Weighted(Locale.forLanguageTag(tag), q, weighted.size()));
                }
            }
        }
        weighted.sort(Comparator.comparingDouble(Weighted::q).reversed().thenComparingInt(Weighted::order));
        List<Locale> locales = new ArrayList<>(weighted.size());
        for (Weighted w : weighted) {
            if (!w.locale().getLanguage().isEmpty()) {
                locales.add(w.locale());
            }
        }
        return locales;
    }
}
