package io.hawser.deploy;

import jakarta.servlet.MultipartConfigElement;

/**
 * A {@code <multipart-config>} or {@code @MultipartConfig} (Servlet 6.1 §3.2.1, §8.1.5).
 *
 * @param location directory for parts written to disk; empty for the container's temporary directory
 * @param maxFileSize largest part in bytes, -1 for no limit
 * @param maxRequestSize largest multipart request in bytes, -1 for no limit
 * @param fileSizeThreshold size in bytes above which a part is written to disk
 */
record MultipartDecl(String location, long maxFileSize, long maxRequestSize, int fileSizeThreshold) {

    /** @return the servlet API's element for these values */
    MultipartConfigElement toElement() {
        return new MultipartConfigElement(location, maxFileSize, maxRequestSize, fileSizeThreshold);
    }
}
