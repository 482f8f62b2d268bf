package io.hawser.launcher;

/** {@code --access-log FILE|-} and {@code --access-log-format}; see {@link AccessLog} and {@link AccessPattern}. */
final class AccessLogOptions {
    /** The options below, in the order --help lists them. */
    final Options options = new Options();

    final Opt<String> target = options.add(Opt.of(String.class, "--access-log", "FILE|-",
            "write an access log to FILE (appended; rotate with logrotate copytruncate), or - for"
                    + " standard output"));

    final Opt<String> format = options.add(Opt.of(String.class, "--access-log-format", "common|combined|json|PATTERN",
            "Common or Combined Log Format, JSON lines, or a pattern of Apache/Tomcat codes"
                    + " (%%h %%l %%u %%t \"%%r\" %%s %%b %%D %%T %%{Name}i %%{Name}o %%a %%A %%p %%m %%U %%q %%H %%v %%I;"
                    + " default common)")
                    .initial(DEFAULT_FORMAT)); // %% : picocli formats descriptions with String.format

    private static final String DEFAULT_FORMAT = "common";

    private AccessLogFormat compiled;

    /**
     * Compiles the format, unless nothing will use it: without {@code --access-log}, the default
     * format is not compiled (a given one still is, so a wrong one is refused all the same).
     *
     * @throws IllegalArgumentException naming an unsupported pattern code
     */
    void check() {
        if (target.value() == null && format.value().equals(DEFAULT_FORMAT)) {
            return;
        }
        try {
            compiled = AccessLogFormat.of(format.value());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--access-log-format: " + e.getMessage(), e);
        }
    }

    /** @return the line format; after {@link #check()}, with {@code --access-log} */
    AccessLogFormat format() {
        return compiled;
    }
}
