package io.hawser.servlet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * The {@link DefaultServlet}'s cache of what request paths resolve to, as Tomcat's resource cache
 * ({@code cacheTtl}) and Jetty's default servlet ({@code cacheValidationTime}) keep one: per path,
 * the resolution ({@link StaticResource}: file, length, modification time, or why it is not
 * served), the precompressed siblings, the media type, the {@code ETag} and {@code Last-Modified}
 * texts, and the bytes of files of at most {@link Settings#maxFileSize}. A hit on such a file costs
 * no system call. Each entry is resolved again on disk once {@link Settings#validationMillis} have
 * passed since it was (the held bytes are kept when length and modification time are unchanged),
 * so a file changed, added or deleted on disk is answered as it is now within that time. A file
 * whose bytes are not held is resolved again on every request before it is sent (symbolic links
 * and all, as without the cache): bytes are only ever read from a file that resolves inside the
 * app now, or were read from one when held.
 *
 * <p>Bounded: at most {@link Settings#maxEntries} paths (missing ones included, so requests for
 * made-up paths cannot grow it) and {@link Settings#maxSize} bytes of held content and paths (a
 * path counts its length, so long made-up ones count too); beyond either,
 * the least recently used entries go, down to 90 % of the bound. Lookups take no lock; a miss
 * resolves on disk and stores, eviction is serialized.
 */
final class StaticCache {
    /** Recency is written at most this often per entry, so that a hot entry is not a contended write. */
    private static final long TOUCH_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /**
     * The cache's bounds, from the default servlet's init-params (the names of Jetty's
     * {@code DefaultServlet}).
     *
     * @param validationMillis {@code cacheValidationTime}: milliseconds an entry is used before it
     *     is resolved again on disk; default 5000 (Tomcat's {@code cacheTtl}); 0 turns the cache
     *     off, -1 never resolves an entry again
     * @param maxEntries {@code maxCachedFiles}: paths held; default 2048; 0 turns the cache off
     * @param maxFileSize {@code maxCachedFileSize}: bytes of the largest file whose content is held;
     *     default 16384 (larger files are sent from disk, zero-copy); 0 holds no content
     * @param maxSize {@code maxCacheSize}: bytes of content and paths held in all; default 10485760
     *     (10 MiB, Tomcat's {@code cacheMaxSize}); at least {@code maxFileSize}
     */
    record Settings(long validationMillis, int maxEntries, long maxFileSize, long maxSize) {
        static final Settings DEFAULT = new Settings(5000, 2048, 16 * 1024, 10 * 1024 * 1024);

        /**
         * @param initParameter an init-param's value by name, {@code null} when not set
         * @return the settings, defaults where not set
         * @throws IllegalArgumentException naming the init-param whose value is not allowed
         */
        static Settings from(UnaryOperator<String> initParameter) {
            long validation = number(initParameter, "cacheValidationTime", DEFAULT.validationMillis, -1, Long.MAX_VALUE,
                    "number of milliseconds (0: no cache, -1: never revalidated)");
            long entries = number(initParameter, "maxCachedFiles", DEFAULT.maxEntries, 0, Integer.MAX_VALUE,
                    "number of paths (0: no cache)");
            long fileSize = number(initParameter, "maxCachedFileSize", DEFAULT.maxFileSize, 0, Integer.MAX_VALUE - 8,
                    "number of bytes");
            long size = number(initParameter, "maxCacheSize", DEFAULT.maxSize, 0, Long.MAX_VALUE, "number of bytes");
            if (fileSize > size) {
                throw new IllegalArgumentException("default servlet: init-param maxCachedFileSize (" + fileSize
                        + ") must not exceed maxCacheSize (" + size + ")");
            }
            return new Settings(validation, (int) entries, fileSize, size);
        }

        private static long number(UnaryOperator<String> initParameter, String name, long fallback, long min, long max,
                String unit) {
            String value = initParameter.apply(name);
            if (value == null) {
                return fallback;
            }
            long n;
            try {
                n = Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                n = min - 1;
            }
            if (n < min || n > max) {
                throw new IllegalArgumentException("default servlet: init-param " + name + " must be a " + unit
                        + " from " + min + " to " + max + ", not '" + value + "'");
            }
            return n;
        }

        /** @return whether anything is cached */
        boolean enabled() {
            return validationMillis != 0 && maxEntries > 0;
        }
    }

    /** What one path resolves to, as the default servlet answers it; immutable but for its recency. */
    static final class Entry {
        /** The path's resolution. */
        final StaticResource resource;
        /** Fresh precompressed siblings of a file, Brotli first; empty when none or not looked for. */
        final List<PrecompressedFiles.Variant> siblings;
        /** A file's media type from {@code getMimeType}, {@code null} when unknown (a multipart part then has none). */
        final String mediaType;
        /** Bytes held: the file's and its siblings' content, and the path's length. */
        final long bytes;
        /** Whether a file of the entry is sent from disk: such an entry is checked against it on each use. */
        final boolean onDisk;
        /** {@link SessionClock#nanoTime} when resolved on disk. */
        final long checkedAt;
        /** {@link SessionClock#nanoTime} of the last use, to {@link #TOUCH_NANOS}; racy, which is fine for LRU. */
        long usedAt;

        Entry(String path, StaticResource resource, List<PrecompressedFiles.Variant> siblings, String mediaType,
                long now) {
            this.resource = resource;
            this.siblings = siblings;
            this.mediaType = mediaType;
            long held = path.length() + (resource.content != null ? resource.content.length : 0);
            boolean disk = resource.kind == StaticResource.Kind.FILE && resource.content == null;
            for (PrecompressedFiles.Variant v : siblings) {
                held += v.resource().content != null ? v.resource().content.length : 0;
                disk |= v.resource().content == null;
            }
            this.bytes = held;
            this.onDisk = disk;
            this.checkedAt = now;
            this.usedAt = now;
        }

        /** @return a file's {@code Content-Type}: its media type, {@code application/octet-stream} when unknown */
        String contentType() {
            return mediaType != null ? mediaType : "application/octet-stream";
        }
    }

    private final List<Path> roots;
    private final boolean precompressed;
    private final UnaryOperator<String> mimeTypes;
    private final SessionClock clock;
    private final Settings settings;
    private final long validationNanos;
    /** Paths of client requests, and of forwards, includes and error pages (which may reach WEB-INF/). */
    private final Map<String, Entry> external = new ConcurrentHashMap<>();
    private final Map<String, Entry> internal = new ConcurrentHashMap<>();
    private final AtomicLong heldBytes = new AtomicLong();

    /**
     * @param roots the default servlet's roots ({@link StaticResource#resolve(List, String, boolean)})
     * @param precompressed whether precompressed siblings are looked for
     * @param mimeTypes a file name → its media type, or {@code null} when unknown
     * @param clock the time entries age by
     * @param settings the bounds
     */
    StaticCache(List<Path> roots, boolean precompressed, UnaryOperator<String> mimeTypes, SessionClock clock,
            Settings settings) {
        this.roots = roots;
        this.precompressed = precompressed;
        this.mimeTypes = mimeTypes;
        this.clock = clock;
        this.settings = settings;
        this.validationNanos = settings.validationMillis < 0 ? Long.MAX_VALUE
                : TimeUnit.MILLISECONDS.toNanos(settings.validationMillis);
    }

    /**
     * @param path the path within the app, decoded, starting with {@code /}
     * @param internalDispatch whether the request is a forward, include or error dispatch
     * @return what the path resolves to now, or at most {@link Settings#validationMillis} ago
     */
    Entry lookup(String path, boolean internalDispatch) {
        if (!settings.enabled()) {
            return load(path, internalDispatch, null, 0);
        }
        Map<String, Entry> map = internalDispatch ? internal : external;
        long now = clock.nanoTime();
        Entry e = map.get(path);
        if (e != null && now - e.checkedAt < validationNanos
                && (!e.onDisk || unchangedOnDisk(e, path, internalDispatch))) {
            if (now - e.usedAt >= TOUCH_NANOS) {
                e.usedAt = now;
            }
            return e;
        }
        Entry loaded = load(path, internalDispatch, e, now);
        store(map, path, loaded);
        return loaded;
    }

    /** @return whether each file the entry would send from disk still resolves as it did */
    private boolean unchangedOnDisk(Entry e, String path, boolean internalDispatch) {
        if (e.resource.kind == StaticResource.Kind.FILE && e.resource.content == null
                && !StaticResource.resolve(roots, path, internalDispatch).sameAs(e.resource)) {
            return false;
        }
        for (PrecompressedFiles.Variant v : e.siblings) {
            if (v.resource().content == null
                    && !StaticResource.resolve(roots, v.path(), internalDispatch).sameAs(v.resource())) {
                return false;
            }
        }
        return true;
    }

    /** Resolves on disk; what {@code previous} held is reused for whatever is unchanged. */
    private Entry load(String path, boolean internalDispatch, Entry previous, long now) {
        long maxContent = settings.enabled() ? settings.maxFileSize : -1;
        StaticResource r = StaticResource.resolve(roots, path, internalDispatch);
        if (previous != null && previous.resource.sameAs(r)) {
            r = previous.resource;
        }
        r = r.withContent(maxContent);
        List<PrecompressedFiles.Variant> siblings = List.of();
        String type = null;
        if (r.kind == StaticResource.Kind.FILE) {
            String name = path.substring(path.lastIndexOf('/') + 1);
            type = mimeTypes.apply(name);
            if (precompressed && !PrecompressedFiles.isCompressedName(name)) {
                siblings = PrecompressedFiles.siblings(roots, path, r, internalDispatch,
                        previous == null ? List.of() : previous.siblings, maxContent);
            }
        }
        return new Entry(path, r, siblings, type, now);
    }

    private void store(Map<String, Entry> map, String path, Entry e) {
        Entry old = map.put(path, e);
        long held = heldBytes.addAndGet(e.bytes - (old == null ? 0 : old.bytes));
        if (held > settings.maxSize || size() > settings.maxEntries) {
            evict();
        }
    }

    /** Drops the least recently used entries until both bounds are met with a tenth to spare. */
    private synchronized void evict() {
        long entriesTarget = settings.maxEntries - settings.maxEntries / 10;
        long bytesTarget = settings.maxSize - settings.maxSize / 10;
        if (size() <= settings.maxEntries && heldBytes.get() <= settings.maxSize) {
            return; // another thread evicted meanwhile
        }
        List<Held> all = new ArrayList<>(size() + 16);
        external.forEach((path, e) -> all.add(new Held(external, path, e, e.usedAt)));
        internal.forEach((path, e) -> all.add(new Held(internal, path, e, e.usedAt)));
        all.sort(Comparator.comparingLong(Held::usedAt)); // a snapshot: hits go on touching the entries
        for (Held h : all) {
            if (size() <= entriesTarget && heldBytes.get() <= bytesTarget) {
                break;
            }
            if (h.map.remove(h.path, h.entry)) {
                heldBytes.addAndGet(-h.entry.bytes);
            }
        }
    }

    /** An entry as eviction found it, with its recency then (a sort over changing keys would be inconsistent). */
    private record Held(Map<String, Entry> map, String path, Entry entry, long usedAt) {
    }

    /** @return the paths held now */
    int size() {
        return external.size() + internal.size();
    }

    /** @return the bytes of content and paths held now */
    long heldBytes() {
        return heldBytes.get();
    }

    /** Drops every entry (the servlet is destroyed). */
    synchronized void clear() {
        external.clear();
        internal.clear();
        heldBytes.set(0);
    }
}
