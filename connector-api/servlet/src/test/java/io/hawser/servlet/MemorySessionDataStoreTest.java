package io.hawser.servlet;

/** The SPI's contract on the in-memory store. */
class MemorySessionDataStoreTest extends SessionDataStoreContract {
    private final MemorySessionDataStore store = new MemorySessionDataStore();

    @Override
    protected SessionDataStore store() {
        return store;
    }
}
