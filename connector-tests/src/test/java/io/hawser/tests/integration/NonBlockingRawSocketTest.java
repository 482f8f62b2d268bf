package io.hawser.tests.integration;

/**
 * {@link RawSocketTest} again with the embedded sample's non-blocking handler: the same bytes on the
 * wire when every request runs on the selector loop, the body read with {@code readAvailable} and
 * {@code demand} (byte by byte, chunked, over the limit) and {@code /stream} written while ready.
 */
class NonBlockingRawSocketTest extends RawSocketTest {
    @Override
    boolean nonBlocking() {
        return true;
    }
}
