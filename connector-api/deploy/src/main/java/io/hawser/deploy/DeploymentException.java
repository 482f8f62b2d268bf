package io.hawser.deploy;

import java.nio.file.Path;

/**
 * A web app that cannot be deployed: a missing or unreadable file, a broken {@code web.xml}, a class
 * that is not there, an initializer, listener or servlet that fails to start. The message names the
 * file and the element, e.g. {@code cannot deploy apps/shop.war: WEB-INF/web.xml <servlet> "cart"
 * <servlet-class>: class com.example.Cart not found}. Nothing of the web app is left running when
 * this is thrown.
 */
public final class DeploymentException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Path source;
    private final String element;
    private final String problem;

    /**
     * @param source the WAR file or directory, or {@code null} when not yet known
     * @param element the element, annotation or phase at fault, e.g. {@code WEB-INF/web.xml <listener>}
     * @param problem what is wrong
     * @param cause the underlying failure, or {@code null}
     */
    public DeploymentException(Path source, String element, String problem, Throwable cause) {
        super(message(source, element, problem), cause);
        this.source = source;
        this.element = element;
        this.problem = problem;
    }

    /** @return the WAR file or directory, or {@code null} when not known */
    public Path source() {
        return source;
    }

    /** @return the element, annotation or phase at fault */
    public String element() {
        return element;
    }

    /** @return what is wrong, without the file and element */
    public String problem() {
        return problem;
    }

    /** @return the same failure, naming {@code war} as its source */
    DeploymentException withSource(Path war) {
        DeploymentException e = new DeploymentException(war, element, problem, getCause());
        e.setStackTrace(getStackTrace());
        return e;
    }

    private static String message(Path source, String element, String problem) {
        String where = element == null || element.isEmpty() ? "" : element + ": ";
        return (source == null ? "" : "cannot deploy " + source + ": ") + where + problem;
    }
}
