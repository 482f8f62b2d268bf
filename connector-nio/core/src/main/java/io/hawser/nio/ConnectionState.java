package io.hawser.nio;

/**
 * The states of an {@link Http1Connection}, named (RFC 9112 §9: one connection, requests one
 * after another). The connection keeps them as the few flags each thread needs without taking the
 * other's lock ({@code closed}, {@code closeWhenWritten} and the hand-over fields are volatile;
 * {@code exchangeActive} and the input buffer are guarded by the connection's monitor;
 * {@code lingering} and {@code readSuspended} are the loop's); {@link Http1Connection#state()}
 * names the state those flags make. Who acts in each state is the threading rule of
 * docs/architecture.md ("Threads"): the loop reads the socket in every state but {@link #CLOSED}.
 *
 * <p>The keep-alive cycle, then every transition:
 *
 * <pre>
 *  accepted ─► IDLE ─first byte─► READING_HEAD ─head complete─► EXCHANGE ─ended─► HANDED_BACK ─► IDLE
 *                                                             (⇄ OUTPUT_PENDING)             or READING_HEAD
 *  closing after a response ─► LINGERING ─► CLOSED;  ERROR_PENDING ─► LINGERING;  any state ─► CLOSED
 *
 *  from            event (thread)                                                           to
 *  (accepted)      registered on its loop; enters all and headers (loop)                    IDLE
 *  IDLE            the first byte of a request (loop)                                       READING_HEAD
 *  READING_HEAD    the head is complete: dispatched, or run inline (loop)                   EXCHANGE
 *  READING_HEAD    a bad head, headersTimeout or requestTimeout: answered whole (loop)      LINGERING
 *  READING_HEAD    the same, the socket takes part of the answer (loop)                     ERROR_PENDING
 *  EXCHANGE        ended, the next head and its body buffered: corked, runs next (exchange) EXCHANGE
 *  EXCHANGE        ended, no complete next request: the cork written, hand-back (exchange)  HANDED_BACK
 *  EXCHANGE        non-blocking output the socket did not take (exchange)                   OUTPUT_PENDING
 *  OUTPUT_PENDING  the loop wrote it all: the exchange ends as from EXCHANGE (loop)         (as EXCHANGE)
 *  EXCHANGE        a bad pipelined head: cork and answer written (exchange)                 LINGERING
 *  EXCHANGE        the same on the loop, the socket takes part of them (loop)               ERROR_PENDING
 *  EXCHANGE        closed after the response while the client may still send (exchange)     LINGERING
 *  HANDED_BACK     the loop's turn: nothing buffered, the exchange back in its pool (loop)  IDLE
 *  HANDED_BACK     the loop's turn: part of the next head buffered (loop)                   READING_HEAD
 *  ERROR_PENDING   the answer is written (loop)                                             LINGERING
 *  EXCHANGE        upgraded: ended, the 101 written, the loop takes it over (exchange, loop) UPGRADED
 *  UPGRADED        closed by its handler, the client, upgradedIdleTimeout, writeTimeout     CLOSED
 *  LINGERING       the client's FIN, maxUnreadBodyDrain bytes, or 2 s (loop)                CLOSED
 *  any             the client left, keepAliveTimeout, writeTimeout (reset), a failed write,  CLOSED
 *                  a stop, a request fully read whose client said close (any thread)
 * </pre>
 */
enum ConnectionState {
    /**
     * No request in progress: no exchange, no buffered byte (an idle connection holds nothing
     * else); in the {@code idle} list (or, just accepted, in {@code headers}). The loop's next read
     * is the first byte of a request (RFC 9112 §9.3, persistence); keepAliveTimeout closes quietly
     * (RFC 9112 §9.5).
     */
    IDLE,
    /**
     * A request's head is arriving: an exchange is borrowed (or bytes are buffered) and the loop
     * parses (RFC 9112 §2.2, §5); in {@code headers} and {@code request}. A malformed head or a
     * timeout is answered by the connector (400…, 408) and the connection closes (RFC 9112 §9.6).
     */
    READING_HEAD,
    /**
     * An exchange owns the request (its head is complete): its thread (a worker, or the loop for a
     * non-blocking handler) reads the body from the connection's buffer, which the loop fills and
     * stops filling above 64 KiB, and writes the response (RFC 9112 §6, §9.3: responses in request
     * order; finished ones corked while the next request is complete).
     */
    EXCHANGE,
    /**
     * As {@link #EXCHANGE}, with non-blocking output the channel has not taken yet: the loop writes
     * it when the socket is writable ({@code write-stalled} list, writeTimeout resets); the exchange
     * ends once it drained.
     */
    OUTPUT_PENDING,
    /**
     * The exchange ended and no complete next request is buffered: the corked responses went out,
     * and the connection waits on the loop's hand-back stack (the loop takes it at its next turn,
     * within 10 ms), which makes it {@link #IDLE} (the exchange back in the pool) or
     * {@link #READING_HEAD} (part of the next head buffered, or bytes that arrived meanwhile).
     */
    HANDED_BACK,
    /**
     * A response the connector made (an error) is queued behind output the channel has not taken:
     * the loop no longer reads and its timers no longer act; once written, the connection closes,
     * lingering (RFC 9112 §9.6).
     */
    ERROR_PENDING,
    /**
     * Closed after a response while the client may still be sending: output half-closed (the
     * response, then FIN), input read and discarded until the client's FIN, maxUnreadBodyDrain
     * bytes or 2 s (RFC 9112 §9.6, "tear-down"); the exchange and pages are already back in the pools.
     */
    LINGERING,
    /**
     * Switched protocols (RFC 9110 §7.8): the 101 is written and an {@link Upgraded} owns the byte
     * streams; no HTTP is parsed any more (bytes behind the upgrade request were handed over). In
     * {@code all} and {@code upgraded} (upgradedIdleTimeout), and {@code write-stalled} while its
     * output waits; a graceful stop tells its handler, which closes.
     */
    UPGRADED,
    /** Closed: out of every list; the exchange and pages back in the pools once no thread holds them. */
    CLOSED
}
