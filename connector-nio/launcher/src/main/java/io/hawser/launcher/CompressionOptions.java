package io.hawser.launcher;

import io.hawser.api.Compression;
import io.hawser.api.CompressionHandler;
import io.hawser.api.HttpHandler;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Response compression: {@code --compression on|off}, {@code --compression-min-size},
 * {@code --compression-mime-types}; see {@link CompressionHandler}. The size and types without
 * {@code --compression on} are a bad command line (they would do nothing).
 */
final class CompressionOptions {
    /** {@code on} or {@code off}. */
    enum Switch { ON, OFF }

    @Option(names = "--compression", paramLabel = "on|off",
            description = "gzip responses of the listed media types the client accepts (Accept-Encoding) (default off)")
    Switch compression = Switch.OFF;

    @Option(names = "--compression-min-size", paramLabel = "BYTES", converter = ByteSizeConverter.class,
            description = "with --compression on: the least body size compressed (default 1k)")
    Long minSize;

    @Option(names = "--compression-mime-types", paramLabel = "TYPE,...", split = ",",
            description = "with --compression on: the media types compressed, type/subtype or type/* (default text/html,"
                    + " text/xml, text/plain, text/css, text/javascript, application/javascript, application/json,"
                    + " application/xml, image/svg+xml)")
    List<String> mimeTypes;

    private Compression config;

    /** @throws IllegalArgumentException for a bad size or type, or a size or types with compression off */
    void check() {
        if (compression == Switch.OFF) {
            if (minSize != null || mimeTypes != null) {
                throw new IllegalArgumentException((minSize != null ? "--compression-min-size" : "--compression-mime-types")
                        + " needs --compression on");
            }
            return;
        }
        long size = minSize == null ? Compression.DEFAULT_MIN_SIZE : minSize;
        if (size < 0 || size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--compression-min-size must be 0..2g: " + minSize);
        }
        try {
            config = new Compression((int) size, mimeTypes == null ? Compression.DEFAULT_MIME_TYPES
                    : new java.util.LinkedHashSet<>(mimeTypes), -1);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--compression-mime-types: " + e.getMessage(), e);
        }
    }

    /** @return the handler, compressing when {@code --compression on}; after {@link #check()} */
    HttpHandler wrap(HttpHandler handler) {
        return config == null ? handler : new CompressionHandler(handler, config);
    }
}
