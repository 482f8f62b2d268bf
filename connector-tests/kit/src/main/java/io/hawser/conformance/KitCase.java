package io.hawser.conformance;

/**
 * One case of the kit: a raw-socket corpus case ({@link CorpusCase}) or a jetty-client scenario
 * ({@link Scenario}). Both front doors (the {@code hawser-conformance.jar} command and the JUnit
 * tests of this repository) run the same cases through {@link Runner}.
 */
public interface KitCase {
    /** @return the case id, {@code group/name}, unique in the kit */
    String id();

    /** @return the group, the part of the id before the last {@code /} */
    String group();

    /** @return the RFC sections the case checks, or an empty string */
    String rfc();

    /** @return what the case checks, in one line */
    String title();

    /**
     * Runs the case against the target; never throws (a failure to run is a FAIL report).
     *
     * @param config the target and run options
     * @return the verdict and the bytes exchanged
     */
    CaseReport run(KitConfig config);
}
