package io.hawser.servlet;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Extension → media type for {@code ServletContext.getMimeType} (Servlet 6.1 §4.4, web.xml
 * {@code mime-mapping}): the web app's own mappings first, then a built-in table of common types.
 * Extensions compare case-insensitively.
 */
final class MimeTypes {
    private static final Map<String, String> BUILT_IN = Map.ofEntries(
            Map.entry("html", "text/html"), Map.entry("htm", "text/html"),
            Map.entry("css", "text/css"), Map.entry("js", "text/javascript"), Map.entry("mjs", "text/javascript"),
            Map.entry("txt", "text/plain"), Map.entry("csv", "text/csv"), Map.entry("xml", "application/xml"),
            Map.entry("json", "application/json"), Map.entry("map", "application/json"),
            Map.entry("pdf", "application/pdf"), Map.entry("zip", "application/zip"),
            Map.entry("gz", "application/gzip"), Map.entry("jar", "application/java-archive"),
            Map.entry("war", "application/java-archive"), Map.entry("wasm", "application/wasm"),
            Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"), Map.entry("jpeg", "image/jpeg"),
            Map.entry("gif", "image/gif"), Map.entry("svg", "image/svg+xml"), Map.entry("ico", "image/x-icon"),
            Map.entry("webp", "image/webp"), Map.entry("avif", "image/avif"),
            Map.entry("woff", "font/woff"), Map.entry("woff2", "font/woff2"), Map.entry("ttf", "font/ttf"),
            Map.entry("otf", "font/otf"), Map.entry("mp3", "audio/mpeg"), Map.entry("ogg", "audio/ogg"),
            Map.entry("wav", "audio/wav"), Map.entry("mp4", "video/mp4"), Map.entry("webm", "video/webm"),
            Map.entry("jsp", "text/html"), Map.entry("xhtml", "application/xhtml+xml"),
            Map.entry("md", "text/markdown"), Map.entry("bin", "application/octet-stream"));

    private final Map<String, String> own = new ConcurrentHashMap<>();

    /**
     * @param extension without the dot, e.g. {@code svg}
     * @param mimeType e.g. {@code image/svg+xml}
     */
    void add(String extension, String mimeType) {
        own.put(extension.toLowerCase(Locale.ROOT), mimeType);
    }

    /**
     * @param file a file name or path, e.g. {@code /img/logo.PNG}
     * @return its media type, or {@code null} when the extension is unknown or missing
     */
    String of(String file) {
        if (file == null) {
            return null;
        }
        int dot = file.lastIndexOf('.');
        if (dot < 0 || dot < file.lastIndexOf('/')) {
            return null;
        }
        String ext = file.substring(dot + 1).toLowerCase(Locale.ROOT);
        String type = own.get(ext);
        return type != null ? type : BUILT_IN.get(ext);
    }
}
