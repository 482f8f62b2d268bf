package io.hawser.servlet;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The error-page table of a context (Servlet 6.1 §10.9.2): locations by status code and by
 * exception type, and a default page for every error neither names. An exception matches the page of
 * its own class or of its nearest superclass.
 */
final class ErrorPages {
    private final Map<Integer, String> byStatus = new ConcurrentHashMap<>();
    private final Map<String, String> byType = new ConcurrentHashMap<>();
    private volatile String fallback;

    /**
     * @param status an error status code
     * @param location a context-relative path starting with {@code /}
     */
    void add(int status, String location) {
        byStatus.put(status, checkLocation(location));
    }

    /**
     * @param exceptionType a fully qualified class name
     * @param location a context-relative path starting with {@code /}
     */
    void add(String exceptionType, String location) {
        if (exceptionType == null || exceptionType.isEmpty()) {
            throw new IllegalArgumentException("exception type must be a class name");
        }
        byType.put(exceptionType, checkLocation(location));
    }

    /** @param location the default page: an {@code error-page} with neither code nor type; starts with {@code /} */
    void addDefault(String location) {
        fallback = checkLocation(location);
    }

    /** @return the default page, or {@code null} */
    String fallback() {
        return fallback;
    }

    private static String checkLocation(String location) {
        if (location == null || !location.startsWith("/")) {
            throw new IllegalArgumentException("error page location must start with /: " + location);
        }
        return location;
    }

    /**
     * @param status a status code
     * @return the location for it, or {@code null}
     */
    String forStatus(int status) {
        return byStatus.get(status);
    }

    /**
     * @param t a throwable
     * @return the location for its class or nearest superclass with a page, or {@code null}
     */
    String forThrowable(Throwable t) {
        if (byType.isEmpty()) {
            return null;
        }
        for (Class<?> c = t.getClass(); c != null; c = c.getSuperclass()) {
            String location = byType.get(c.getName());
            if (location != null) {
                return location;
            }
        }
        return null;
    }
}
