package io.hawser.conformance;

/**
 * The result of running one case against a server.
 *
 * @param parsed the responses parsed from everything the server sent (with eof = connection closed)
 * @param observation the connection's observed behaviour and raw bytes
 */
record CaseOutcome(ParseResult parsed, Observation observation) {
}
