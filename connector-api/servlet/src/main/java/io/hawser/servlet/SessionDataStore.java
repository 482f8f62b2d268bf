package io.hawser.servlet;

import java.util.List;
import java.util.Set;

/**
 * Where the sessions of web apps live when they must outlive one process or be shared by several
 * Hawser instances behind a load balancer (Servlet 6.1 §7.7.2): a database, Redis, or memory. The
 * servlet layer serializes attributes (through the web app's class loader), calls the listeners and
 * bounds every call with a timeout ({@link SessionPersistence#callTimeout()}); a store only moves bytes
 * and does expiry itself (an indexed expiry column, a TTL), so N instances do not each scan every
 * session.
 *
 * <p>Every method may be called from many threads at once. A failure (unreachable, timed out,
 * refused) is thrown as a {@link SessionStoreUnavailableException} or any other runtime exception:
 * requests that touch a session then get 503. {@code context} is the web app's context path
 * ({@code ""} for the root), so one store serves several apps.
 */
public interface SessionDataStore extends AutoCloseable {
    /**
     * @param context the context path
     * @param id a session id
     * @param nowMillis the current time, epoch milliseconds
     * @return the session with its every attribute, or {@code null} when there is none or it expired
     *     ({@link SessionData#expiry()} &lt;= {@code nowMillis})
     */
    SessionData load(String context, String id, long nowMillis);

    /**
     * Writes a session, atomically: its times and interval, the attributes in {@code data} (each
     * replacing that name's value: the last write per attribute wins), and the removal of
     * {@code removed}. Other attributes are left as they are.
     *
     * @param context the context path
     * @param data the session; its attributes are the ones to write (all or only the changed ones)
     * @param removed names of attributes to delete
     * @param isNew whether the session was created by this request (insert); otherwise it is only
     *     updated and nothing is written when it no longer exists (invalidated, expired or renamed elsewhere)
     * @return whether the session was written
     */
    boolean save(String context, SessionData data, Set<String> removed, boolean isNew);

    /**
     * @param context the context path
     * @param id a session id
     * @return whether a session was deleted
     */
    boolean delete(String context, String id);

    /**
     * Gives a session a new id, atomically across every instance (§7.1.4 {@code changeSessionId},
     * e.g. at login): afterwards the old id finds nothing.
     *
     * @param context the context path
     * @param oldId the current id
     * @param newId the new id (unused)
     * @param nowMillis the current time, epoch milliseconds
     * @return false when no live session has {@code oldId} (another instance invalidated or renamed it)
     */
    boolean rename(String context, String oldId, String newId, long nowMillis);

    /**
     * Removes up to {@code max} expired sessions of the context and returns them, each to exactly one
     * caller across every instance (which then calls {@code sessionDestroyed} and {@code valueUnbound}).
     * A store whose sessions expire by themselves (a TTL) returns an empty list.
     *
     * @param context the context path
     * @param nowMillis the current time, epoch milliseconds
     * @param max at most this many, &gt; 0
     * @return the expired sessions now removed
     */
    List<SessionData> expire(String context, long nowMillis, int max);

    /** Releases connections; idempotent. */
    @Override
    void close();
}
