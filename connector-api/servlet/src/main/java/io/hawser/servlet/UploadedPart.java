package io.hawser.servlet;

import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.fileupload2.core.DiskFileItem;

/**
 * One part of a {@code multipart/form-data} body (Servlet 6.1 §3.2), over the commons-fileupload2
 * item that holds its content in memory or in a temp file under the multipart location.
 */
final class UploadedPart implements Part {
    private final DiskFileItem item;
    private final Path location;

    /**
     * @param item the parsed item
     * @param location the multipart config location, where relative {@link #write} names go
     */
    UploadedPart(DiskFileItem item, Path location) {
        this.item = item;
        this.location = location;
    }

    /** @return whether this part is a form field (no file name) */
    boolean isFormField() {
        return item.isFormField();
    }

    DiskFileItem item() {
        return item;
    }

    @Override
    public InputStream getInputStream() throws IOException {
        return item.getInputStream();
    }

    @Override
    public String getContentType() {
        return item.getContentType();
    }

    @Override
    public String getName() {
        return item.getFieldName();
    }

    @Override
    public String getSubmittedFileName() {
        return item.getName();
    }

    @Override
    public long getSize() {
        return item.getSize();
    }

    @Override
    public void write(String fileName) throws IOException {
        Path target = Path.of(fileName);
        item.write(target.isAbsolute() ? target : location.resolve(target));
    }

    @Override
    public void delete() throws IOException {
        item.delete();
    }

    @Override
    public String getHeader(String name) {
        return item.getHeaders() == null ? null : item.getHeaders().getHeader(name);
    }

    @Override
    public Collection<String> getHeaders(String name) {
        return item.getHeaders() == null ? List.of() : list(item.getHeaders().getHeaders(name));
    }

    @Override
    public Collection<String> getHeaderNames() {
        return item.getHeaders() == null ? List.of() : list(item.getHeaders().getHeaderNames());
    }

    private static List<String> list(Iterator<String> it) {
        List<String> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
