package io.hawser.api;

/**
 * A deviation from RFC 9110/9112 that a client may send and that Hawser rejects by default. Each can
 * be tolerated only by naming it in {@link ConnectorConfig.Builder#allow}; every one seen, tolerated
 * or not, is reported to the {@link ComplianceListener}.
 */
public enum ComplianceViolation {
    /**
     * A bare LF as line terminator in the request-line, a field line or a chunk line. RFC 9112 §2.2:
     * a recipient MAY recognise a single LF; rejected with 400 by default.
     */
    BARE_LF("RFC 9112 §2.2"),
    /**
     * Several Content-Length values that are all the same number ({@code 5, 5}). RFC 9110 §8.6: a
     * recipient MAY accept them as that number; rejected with 400 by default.
     */
    REPEATED_CONTENT_LENGTH("RFC 9110 §8.6");

    private final String source;

    ComplianceViolation(String source) {
        this.source = source;
    }

    /**
     * @return the section of the RFC that allows or forbids the leniency
     */
    public String source() {
        return source;
    }
}
