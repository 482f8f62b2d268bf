package io.hawser.conformance;

/** A malformed case file (run-corpus's {@code CaseError}); such a case counts as failed. */
final class CaseFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong with the case file */
    CaseFormatException(String message) {
        super(message);
    }
}
