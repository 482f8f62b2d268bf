package io.hawser.conformance;

/**
 * One step of sending a case: write {@code data} (when not empty), sleep {@code delayMillis}, then
 * perform {@code action} (when not null).
 *
 * @param data bytes for one write call
 * @param delayMillis pause after this write (the case's split delay; 0 after a segment's last piece)
 * @param action a directive to perform after the write, or null
 */
record Write(byte[] data, long delayMillis, Segment.Action action) {
}
