package io.hawser.servlet;

import io.hawser.api.AcceptEncoding;
import java.nio.file.Path;
import java.util.List;

/**
 * Precompressed siblings of a static file for the {@link DefaultServlet}: {@code file.br}
 * (Brotli, RFC 7932) and {@code file.gz} (gzip) beside {@code file}, made at build time. A sibling
 * is chosen when the request accepts its coding ({@link AcceptEncoding}; the higher q-value wins,
 * Brotli on a tie) and it is a regular file no older than {@code file} (a stale sibling is never
 * sent). The response then carries the sibling's bytes, length and entity-tag with
 * {@code Content-Encoding}, the original's media type, and {@code Vary: Accept-Encoding}.
 */
final class PrecompressedFiles {
    private static final String[][] CODINGS = {{"br", ".br"}, {"gzip", ".gz"}};

    private PrecompressedFiles() {
    }

    /**
     * The sibling to send.
     *
     * @param coding {@code br} or {@code gzip}
     * @param path the sibling's path within the app, e.g. {@code /app.js.br}
     * @param resource the sibling file
     */
    record Variant(String coding, String path, StaticResource resource) {
    }

    /**
     * The siblings that may be sent for a file (looked up on disk: {@link StaticCache} holds the answer).
     *
     * @param roots the default servlet's roots
     * @param path the requested path within the app
     * @param file what {@code path} resolved to (a file)
     * @param internal whether the dispatch may reach private paths
     * @param previous the siblings found before for the same path (their held bytes are kept when
     *     unchanged on disk), or an empty list
     * @param maxContent the largest sibling whose bytes are read into memory
     * @return the fresh siblings (regular files no older than {@code file}), Brotli first; empty when
     *     none (the response then does not vary by Accept-Encoding)
     */
    static List<Variant> siblings(List<Path> roots, String path, StaticResource file, boolean internal,
            List<Variant> previous, long maxContent) {
        List<Variant> fresh = List.of();
        for (String[] c : CODINGS) {
            String siblingPath = path + c[1];
            StaticResource sibling = StaticResource.resolve(roots, siblingPath, internal);
            if (sibling.kind != StaticResource.Kind.FILE || sibling.lastModified < file.lastModified) {
                continue;
            }
            for (Variant before : previous) {
                if (before.resource().sameAs(sibling)) {
                    sibling = before.resource();
                }
            }
            Variant v = new Variant(c[0], siblingPath, sibling.withContent(maxContent));
            fresh = fresh.isEmpty() ? List.of(v) : List.of(fresh.get(0), v);
        }
        return fresh;
    }

    /**
     * @param siblings the file's fresh siblings ({@link #siblings})
     * @param acceptEncoding the request's {@code Accept-Encoding} lines
     * @return the sibling to send (the higher q-value wins, Brotli on a tie), or {@code null} for the file itself
     */
    static Variant choose(List<Variant> siblings, List<String> acceptEncoding) {
        Variant best = null;
        int bestQ = 0;
        for (Variant v : siblings) {
            int q = AcceptEncoding.quality(acceptEncoding, v.coding());
            if (q > bestQ) {
                best = v;
                bestQ = q;
            }
        }
        return best;
    }

    /** @return whether the name is itself a precompressed file ({@code .gz}, {@code .br}), never given a sibling */
    static boolean isCompressedName(String name) {
        return name.endsWith(".gz") || name.endsWith(".br");
    }
}
