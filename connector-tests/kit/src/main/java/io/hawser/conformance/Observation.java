package io.hawser.conformance;

/**
 * What the runner saw of one case's connection, besides the responses.
 *
 * @param sent bytes written
 * @param sendError why sending stopped early, or null
 * @param closed whether the server had closed (or reset) the connection when the wait ended
 * @param reset whether the connection was reset rather than closed
 * @param elapsedMillis time from connecting to the end of the wait
 * @param raw every byte the server sent
 */
record Observation(long sent, String sendError, boolean closed, boolean reset, long elapsedMillis, byte[] raw) {
}
