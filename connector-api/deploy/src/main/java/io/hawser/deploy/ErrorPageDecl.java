package io.hawser.deploy;

/**
 * An {@code <error-page>} (Servlet 6.1 §10.9.2): a status code or an exception type, and the
 * location that renders it. Neither code nor type means the default error page.
 *
 * @param status the error-code, or 0
 * @param exceptionType the fully qualified exception-type, or {@code null}
 * @param location the page, starting with {@code /}
 */
record ErrorPageDecl(int status, String exceptionType, String location) {
}
