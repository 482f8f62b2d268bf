package io.hawser.tests.integration;

/**
 * {@link LingeringCloseTest} with the handler on the selector loop (non-blocking): the error page
 * answered before the body was read, then the lingering close, run from the loop itself.
 */
class NonBlockingLingeringCloseTest extends LingeringCloseTest {
    @Override
    boolean nonBlocking() {
        return true;
    }
}
