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
     * @param resource the sibling file
     */
    record Variant(String coding, StaticResource resource) {
    }

    /**
     * @param roots the default servlet's roots
     * @param path the requested path within the app
     * @param file what {@code path} resolved to (a file)
     * @param acceptEncoding the request's {@code Accept-Encoding} lines
     * @param internal whether the dispatch may reach private paths
     * @return the sibling to send, or {@code null} for the file itself; {@code varies} tells whether any fresh sibling exists
     */
    static Choice choose(List<Path> roots, String path, StaticResource file, List<String> acceptEncoding,
            boolean internal) {
        Variant best = null;
        int bestQ = 0;
        boolean any = false;
        for (String[] c : CODINGS) {
            StaticResource sibling = StaticResource.resolve(roots, path + c[1], internal);
            if (sibling.kind != StaticResource.Kind.FILE || sibling.lastModified < file.lastModified) {
                continue;
            }
            any = true;
            int q = AcceptEncoding.quality(acceptEncoding, c[0]);
            if (q > bestQ) {
                best = new Variant(c[0], sibling);
                bestQ = q;
            }
        }
        return new Choice(best, any);
    }

    /**
     * @param variant the sibling to send, or {@code null}
     * @param varies whether a fresh sibling exists (the response then varies by Accept-Encoding)
     */
    record Choice(Variant variant, boolean varies) {
    }

    /** @return whether the name is itself a precompressed file ({@code .gz}, {@code .br}), never given a sibling */
    static boolean isCompressedName(String name) {
        return name.endsWith(".gz") || name.endsWith(".br");
    }
}
