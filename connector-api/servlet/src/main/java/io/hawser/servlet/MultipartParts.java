package io.hawser.servlet;

import io.hawser.api.BadMessageException;
import io.hawser.api.ContentType;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Part;
import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.commons.fileupload2.core.DiskFileItem;
import org.apache.commons.fileupload2.core.DiskFileItemFactory;
import org.apache.commons.fileupload2.core.FileUploadException;
import org.apache.commons.fileupload2.core.FileUploadSizeException;
import org.apache.commons.fileupload2.jakarta.servlet6.JakartaServletDiskFileUpload;

/**
 * The parts of a {@code multipart/form-data} request (Servlet 6.1 §3.2), parsed once by
 * commons-fileupload2's Jakarta Servlet 6 module under the servlet's multipart config: content
 * above {@code fileSizeThreshold} goes to a temp file in {@code location} (relative locations are
 * under the context temp dir), {@code maxFileSize} bounds each part, {@code maxRequestSize} the
 * whole body, {@link RequestLimits#maxPartCount()} the number of parts. A limit exceeded throws
 * {@link BadRequestException} (413; an {@link IllegalStateException}, as {@code getParts} documents).
 * Temp files are deleted when the request ends.
 */
final class MultipartParts {
    private final List<UploadedPart> parts;

    private MultipartParts(List<UploadedPart> parts) {
        this.parts = parts;
    }

    /**
     * Parses a request's parts under its current servlet's multipart config, deleted at the request's end.
     *
     * @throws IllegalStateException when the servlet has no multipart config
     * @throws ServletException when the request is not {@code multipart/form-data}
     */
    static MultipartParts of(ServletRequestView request, ServletHolder servlet, RequestCycle cycle)
            throws IOException, ServletException {
        MultipartConfigElement config = servlet == null ? null : servlet.multipartConfig();
        if (config == null) {
            throw new IllegalStateException("servlet '" + (servlet == null ? "?" : servlet.getName())
                    + "' has no multipart config (@MultipartConfig or multipart-config)");
        }
        if (!"multipart/form-data".equalsIgnoreCase(ContentType.mediaType(request.getContentType()))) {
            throw new ServletException("request is not multipart/form-data");
        }
        request.input().lockEncoding();
        MultipartParts parts = parse(request, config, cycle.app().limits().maxPartCount(),
                (File) cycle.app().context().getAttribute(jakarta.servlet.ServletContext.TEMPDIR));
        cycle.onEnd(parts::delete);
        return parts;
    }

    /**
     * Parses the body.
     *
     * @param request the request (its input stream is consumed)
     * @param config the servlet's multipart config
     * @param maxParts the most parts allowed
     * @param tempDir the context temp dir
     * @return the parts
     * @throws BadRequestException (413) over a limit, (400) for a malformed body
     * @throws IOException when the body cannot be read or a temp file written
     */
    static MultipartParts parse(ServletRequestView request, MultipartConfigElement config, int maxParts, File tempDir)
            throws IOException {
        Path location = location(config, tempDir);
        Files.createDirectories(location);
        DiskFileItemFactory factory = DiskFileItemFactory.builder()
                .setPath(location)
                .setBufferSize(Math.max(1, config.getFileSizeThreshold()))
                .get();
        JakartaServletDiskFileUpload upload = new JakartaServletDiskFileUpload(factory);
        upload.setFileSizeMax(config.getMaxFileSize());
        upload.setSizeMax(config.getMaxRequestSize());
        upload.setFileCountMax(maxParts);
        upload.setHeaderCharset(request.getCharacterEncoding() != null ? request.input().bodyCharset() : StandardCharsets.UTF_8);
        List<DiskFileItem> items;
        try {
            items = upload.parseRequest(request);
        } catch (FileUploadSizeException e) {
            throw new BadRequestException(413, "multipart body over its limits: " + e.getMessage());
        } catch (FileUploadException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof BadMessageException) {
                    throw new BadRequestException(((BadMessageException) t).status(), t.getMessage());
                }
            }
            throw new BadRequestException(400, "malformed multipart body");
        }
        List<UploadedPart> parts = new ArrayList<>(items.size());
        for (DiskFileItem item : items) {
            parts.add(new UploadedPart(item, location));
        }
        return new MultipartParts(parts);
    }

    private static Path location(MultipartConfigElement config, File tempDir) {
        String location = config.getLocation();
        Path base = tempDir.toPath();
        if (location == null || location.isEmpty()) {
            return base;
        }
        Path p = Path.of(location);
        return p.isAbsolute() ? p : base.resolve(p);
    }

    /** @return every part, in body order */
    Collection<Part> all() {
        return List.copyOf(parts);
    }

    /**
     * @param name a part name
     * @return the first part with that name, or {@code null}
     */
    Part get(String name) {
        for (UploadedPart p : parts) {
            if (p.getName() != null && p.getName().equals(name)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Adds the form fields (parts without a file name) as request parameters (§3.2).
     *
     * @param params where to add
     * @param charset the charset of field values without their own
     */
    void addFormFields(Map<String, List<String>> params, Charset charset) throws IOException, ServletException {
        for (UploadedPart p : parts) {
            if (p.isFormField()) {
                String ct = ContentType.charset(p.getContentType());
                Charset cs = ct != null && Charset.isSupported(ct) ? Charset.forName(ct) : charset;
                params.computeIfAbsent(p.getName(), k -> new ArrayList<>(1)).add(p.item().getString(cs));
            }
        }
    }

    /** Deletes every temp file (end of request). */
    void delete() {
        for (UploadedPart p : parts) {
            try {
                p.delete();
            } catch (IOException ignored) {
                // best effort; the context temp dir is removed at stop
            }
        }
    }
}
