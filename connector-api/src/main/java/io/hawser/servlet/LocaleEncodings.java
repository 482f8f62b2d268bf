package io.hawser.servlet;

import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The web.xml {@code locale-encoding-mapping-list} (Servlet 6.1 §5.6): the response character
 * encoding {@code setLocale} picks when the application set none. A locale is written {@code ja}
 * or {@code ja_JP} ({@code ja-JP} too); a mapping for the language and country wins over one for
 * the language alone. Without a mapping, {@code setLocale} sets no encoding.
 */
final class LocaleEncodings {
    private final Map<String, String> byLocale = new ConcurrentHashMap<>();

    /**
     * @param locale {@code ll} or {@code ll_CC}
     * @param encoding a charset name
     * @throws IllegalArgumentException for a charset the JDK does not know
     */
    void add(String locale, String encoding) {
        if (!Charset.isSupported(encoding)) {
            throw new IllegalArgumentException("unknown charset \"" + encoding + "\" for locale " + locale);
        }
        byLocale.put(locale.replace('_', '-').toLowerCase(Locale.ROOT), encoding);
    }

    /**
     * @param locale a response locale
     * @return the encoding mapped to it (language and country, then language), or {@code null}
     */
    String of(Locale locale) {
        if (byLocale.isEmpty()) {
            return null;
        }
        String language = locale.getLanguage().toLowerCase(Locale.ROOT);
        String country = locale.getCountry().toLowerCase(Locale.ROOT);
        String exact = country.isEmpty() ? null : byLocale.get(language + "-" + country);
        return exact != null ? exact : byLocale.get(language);
    }
}
