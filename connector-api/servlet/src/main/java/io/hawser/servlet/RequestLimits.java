package io.hawser.servlet;

import jakarta.servlet.ServletContext;

/**
 * Per-context limits on what a request may make the container hold, read from context
 * init-parameters when the web app starts.
 *
 * @param maxFormContentSize bytes of an {@code application/x-www-form-urlencoded} body; larger → 413.
 *     Init-parameter {@code io.hawser.maxFormContentSize}; default 2 MiB (Tomcat's {@code maxPostSize}
 *     2 MB, Jetty's {@code maxFormContentSize} 200 kB)
 * @param maxFormKeys parameters from query and form body together; more → 400.
 *     {@code io.hawser.maxFormKeys}; default 1000 (Tomcat's {@code maxParameterCount}, Jetty's {@code maxFormKeys})
 * @param maxPartCount parts of a multipart body; more → 413. {@code io.hawser.maxPartCount}; default 100
 *     (Tomcat's {@code maxPartCount} is 10, too few for real forms)
 * @param asyncTimeoutMillis default {@code AsyncContext} timeout. {@code io.hawser.asyncTimeout}; default 30000
 *     (Tomcat's and Jetty's 30 s)
 */
record RequestLimits(long maxFormContentSize, int maxFormKeys, int maxPartCount, long asyncTimeoutMillis) {

    /** The defaults. */
    static final RequestLimits DEFAULTS = new RequestLimits(2L * 1024 * 1024, 1000, 100, 30_000);

    /**
     * @param context where the init-parameters are
     * @return the limits, defaults for those not set
     * @throws IllegalArgumentException for a value that is not a number
     */
    static RequestLimits from(ServletContext context) {
        return new RequestLimits(
                number(context, "io.hawser.maxFormContentSize", DEFAULTS.maxFormContentSize),
                (int) number(context, "io.hawser.maxFormKeys", DEFAULTS.maxFormKeys),
                (int) number(context, "io.hawser.maxPartCount", DEFAULTS.maxPartCount),
                number(context, "io.hawser.asyncTimeout", DEFAULTS.asyncTimeoutMillis));
    }

    private static long number(ServletContext context, String name, long fallback) {
        String v = context.getInitParameter(name);
        if (v == null) {
            return fallback;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("context init-parameter " + name + " is not a number: " + v, e);
        }
    }
}
