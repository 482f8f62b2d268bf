package io.hawser.api;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.zip.Deflater;

/**
 * What {@link CompressionHandler} compresses: responses of at least {@code minSize} bytes whose
 * media type is in {@code mimeTypes}, with gzip at {@code level}. Immutable.
 *
 * @param minSize the least body size compressed, in bytes (a declared {@code Content-Length}, else
 *     what is written before the body ends or the buffer is flushed), at least 0; default
 *     {@value #DEFAULT_MIN_SIZE} (Tomcat's {@code compressionMinSize} 2048, Jetty's
 *     {@code minCompressSize} 32)
 * @param mimeTypes media types compressed, {@code type/subtype} or {@code type/*}, matched
 *     case-insensitively without parameters; default {@link #DEFAULT_MIME_TYPES}
 * @param level the {@link Deflater} level, 1 (fastest) to 9 (smallest), or -1 for zlib's default (6)
 */
public record Compression(int minSize, Set<String> mimeTypes, int level) {
    /** Default least size compressed, bytes. */
    public static final int DEFAULT_MIN_SIZE = 1024;
    /** Tomcat's {@code compressibleMimeType} list plus SVG: text and the structured text types. */
    public static final Set<String> DEFAULT_MIME_TYPES = Set.of("text/html", "text/xml", "text/plain", "text/css",
            "text/javascript", "application/javascript", "application/json", "application/xml", "image/svg+xml");
    /** The defaults. */
    public static final Compression DEFAULT = new Compression(DEFAULT_MIN_SIZE, DEFAULT_MIME_TYPES, Deflater.DEFAULT_COMPRESSION);

    /**
     * @throws IllegalArgumentException for a negative size, an empty or malformed media type, or a
     *     level outside -1..9
     */
    public Compression {
        if (minSize < 0) {
            throw new IllegalArgumentException("compression min size must be at least 0: " + minSize);
        }
        if (level < -1 || level > 9) {
            throw new IllegalArgumentException("compression level must be -1..9: " + level);
        }
        Set<String> types = new LinkedHashSet<>();
        for (String t : mimeTypes) {
            String m = t.strip().toLowerCase(Locale.ROOT);
            int slash = m.indexOf('/');
            if (slash <= 0 || slash == m.length() - 1 || !Tokens.isToken(m.substring(0, slash))
                    || !(m.endsWith("/*") || Tokens.isToken(m.substring(slash + 1)))) {
                throw new IllegalArgumentException("not a media type for compression: '" + t + "'");
            }
            types.add(m);
        }
        mimeTypes = Set.copyOf(types);
    }

    /**
     * @param contentType a Content-Type value, or {@code null}
     * @return whether its media type is one of {@link #mimeTypes} (no Content-Type: no)
     */
    public boolean compresses(String contentType) {
        String type = ContentType.mediaType(contentType);
        if (type == null || type.isEmpty()) {
            return false;
        }
        String m = type.toLowerCase(Locale.ROOT);
        int slash = m.indexOf('/');
        return mimeTypes.contains(m) || slash > 0 && mimeTypes.contains(m.substring(0, slash) + "/*");
    }
}
