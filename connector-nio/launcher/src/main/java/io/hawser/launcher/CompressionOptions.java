package io.hawser.launcher;

import io.hawser.api.Compression;
import io.hawser.api.CompressionHandler;
import io.hawser.api.HttpHandler;
import java.util.List;

/**
 * Response compression: {@code --compression on|off}, {@code --compression-min-size},
 * {@code --compression-mime-types}; see {@link CompressionHandler}. The size and types without
 * {@code --compression on} are a bad command line (they would do nothing).
 */
final class CompressionOptions {
    /** The options below, in the order --help lists them. */
    final Options options = new Options();

    /** {@code on} or {@code off}. */
    enum Switch { ON, OFF }

    final Opt<Switch> compression = options.add(Opt.of(Switch.class, "--compression", "on|off",
            "gzip responses of the listed media types the client accepts (Accept-Encoding) (default off)")
            .initial(Switch.OFF));

    final Opt<Long> minSize = options.add(Opt.of(Long.class, "--compression-min-size", "BYTES",
            "with --compression on: the least body size compressed (default 1k)").converter(new ByteSizeConverter()));

    final Opt<List<String>> mimeTypes = options.add(Opt.list(String.class, "--compression-mime-types", "TYPE,...",
            "with --compression on: the media types compressed, type/subtype or type/* (default text/html,"
                    + " text/xml, text/plain, text/css, text/javascript, application/javascript, application/json,"
                    + " application/xml, image/svg+xml)"));

    private Compression config;

    /** @throws IllegalArgumentException for a bad size or type, or a size or types with compression off */
    void check() {
        if (compression.value() == Switch.OFF) {
            if (minSize.value() != null || mimeTypes.value() != null) {
                throw new IllegalArgumentException((minSize.value() != null ? "--compression-min-size" : "--compression-mime-types")
                        + " needs --compression on");
            }
            return;
        }
        long size = minSize.value() == null ? Compression.DEFAULT_MIN_SIZE : minSize.value();
        if (size < 0 || size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--compression-min-size must be 0..2g: " + minSize.value());
        }
        try {
            config = new Compression((int) size, mimeTypes.value() == null ? Compression.DEFAULT_MIME_TYPES
                    : new java.util.LinkedHashSet<>(mimeTypes.value()), -1);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--compression-mime-types: " + e.getMessage(), e);
        }
    }

    /** @return the handler, compressing when {@code --compression on}; after {@link #check()} */
    HttpHandler wrap(HttpHandler handler) {
        return config == null ? handler : new CompressionHandler(handler, config);
    }
}
