package io.hawser.session.jdbc;

import io.hawser.servlet.SessionData;
import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionStoreUnavailableException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;

/**
 * Sessions in PostgreSQL or H2, in two tables created when missing ({@code docs/sessions.md} shows
 * them): {@code hawser_session} (one row a session: times, interval, {@code expiry_time} epoch ms,
 * indexed with the context so the expiry scan reads only expired rows) and
 * {@code hawser_session_attribute} (one row an attribute, so concurrent requests on several instances
 * keep the last write per attribute). Each call is one transaction; a row lock on the session row
 * orders a save, a rename and an expiry of one session. Connections are pooled (up to 16 idle); every
 * statement has a query timeout and every connection a network timeout of the given bound.
 */
public final class JdbcSessionDataStore implements SessionDataStore {
    private static final int POOL = 16;
    private static final String SESSION = "hawser_session";
    private static final String ATTRIBUTE = "hawser_session_attribute";
    private static final Executor DIRECT = Runnable::run;

    private final String url;
    private final Properties properties;
    private final SqlDialect dialect;
    private final int timeoutSeconds;
    private final int timeoutMillis;
    private final BlockingQueue<Connection> idle = new ArrayBlockingQueue<>(POOL);
    private volatile boolean closed;

    private JdbcSessionDataStore(String url, Properties properties, Duration timeout) {
        this.url = url;
        this.properties = properties;
        this.dialect = SqlDialect.of(url);
        this.timeoutMillis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
        this.timeoutSeconds = (int) Math.max(1, (timeout.toMillis() + 999) / 1000);
    }

    /**
     * Connects and creates the tables when missing.
     *
     * @param url {@code jdbc:postgresql://HOST:PORT/DB?user=U&password=P} or {@code jdbc:h2:file:./sessions}
     *     (user and password in the URL, as both drivers take them)
     * @param timeout the bound on connecting and on every statement
     * @return the store
     * @throws IllegalArgumentException for a database other than PostgreSQL and H2
     * @throws SessionStoreUnavailableException when it cannot connect or create the tables
     */
    public static JdbcSessionDataStore open(String url, Duration timeout) {
        Properties p = new Properties();
        long seconds = Math.max(1, (timeout.toMillis() + 999) / 1000);
        if (url.startsWith("jdbc:postgresql:")) {
            p.setProperty("connectTimeout", Long.toString(seconds));
            p.setProperty("socketTimeout", Long.toString(seconds * 2));
            p.setProperty("loginTimeout", Long.toString(seconds));
        }
        JdbcSessionDataStore store = new JdbcSessionDataStore(durable(url), p, timeout);
        store.createSchema();
        return store;
    }

    /**
     * H2 writes committed transactions to its file up to 500 ms later by default ({@code WRITE_DELAY}):
     * a process killed meanwhile loses them. A session a response has saved must survive that, so an
     * H2 URL gets {@code ;WRITE_DELAY=0} unless it sets it.
     */
    static String durable(String url) {
        return url.startsWith("jdbc:h2:") && !url.toUpperCase(java.util.Locale.ROOT).contains("WRITE_DELAY")
                ? url + ";WRITE_DELAY=0" : url;
    }

    private void createSchema() {
        String[] ddl = {
            "CREATE TABLE IF NOT EXISTS " + SESSION + " (context VARCHAR(255) NOT NULL, id VARCHAR(128) NOT NULL,"
                    + " creation_time BIGINT NOT NULL, last_access_time BIGINT NOT NULL,"
                    + " max_inactive_interval INTEGER NOT NULL, expiry_time BIGINT NOT NULL, PRIMARY KEY (context, id))",
            "CREATE INDEX IF NOT EXISTS " + SESSION + "_expiry ON " + SESSION + " (context, expiry_time)",
            "CREATE TABLE IF NOT EXISTS " + ATTRIBUTE + " (context VARCHAR(255) NOT NULL, id VARCHAR(128) NOT NULL,"
                    + " attribute_name VARCHAR(1024) NOT NULL, attribute_value " + dialect.binary + " NOT NULL,"
                    + " PRIMARY KEY (context, id, attribute_name))",
        };
        Work<Void> create = c -> {
            try (Statement s = c.createStatement()) {
                for (String sql : ddl) {
                    s.execute(sql);
                }
            }
            return null;
        };
        try {
            run(create);
        } catch (SessionStoreUnavailableException first) {
            if (!(first.getCause() instanceof SQLException) || first.getCause() instanceof java.sql.SQLTransientException
                    || first.getCause() instanceof java.sql.SQLNonTransientConnectionException) {
                throw first;
            }
            // Two instances creating the tables at once: PostgreSQL may refuse the loser; once more sees them.
            run(create);
        }
    }

    @FunctionalInterface
    private interface Work<T> {
        T in(Connection c) throws SQLException;
    }

    /** Runs one transaction on a pooled connection; a connection that failed is closed, not pooled. */
    private <T> T run(Work<T> work) {
        if (closed) {
            throw new SessionStoreUnavailableException("session store " + this + " is closed", null);
        }
        Connection c = null;
        try {
            c = idle.poll();
            if (c == null) {
                c = DriverManager.getConnection(url, properties);
                c.setAutoCommit(false);
                try {
                    c.setNetworkTimeout(DIRECT, timeoutMillis);
                } catch (SQLException | UnsupportedOperationException e) {
                    // embedded H2 has no network
                }
            }
            T result = work.in(c);
            c.commit();
            if (closed || !idle.offer(c)) {
                c.close();
            }
            return result;
        } catch (SQLException e) {
            if (c != null) {
                try {
                    c.rollback();
                    c.close();
                } catch (SQLException ignored) {
                    // the connection is gone anyway
                }
            }
            throw new SessionStoreUnavailableException("session store " + this + ": " + e.getMessage(), e);
        }
    }

    private PreparedStatement prepare(Connection c, String sql, Object... args) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        s.setQueryTimeout(timeoutSeconds);
        for (int i = 0; i < args.length; i++) {
            s.setObject(i + 1, args[i]);
        }
        return s;
    }

    private int update(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement s = prepare(c, sql, args)) {
            return s.executeUpdate();
        }
    }

    @Override
    public SessionData load(String context, String id, long nowMillis) {
        return run(c -> read(c, context, id, "expiry_time > ?", nowMillis, ""));
    }

    /** @return the session whose row matches, with its attributes, or {@code null} */
    private SessionData read(Connection c, String context, String id, String condition, long nowMillis, String lock)
            throws SQLException {
        long created;
        long accessed;
        int interval;
        try (PreparedStatement s = prepare(c, "SELECT creation_time, last_access_time, max_inactive_interval FROM "
                + SESSION + " WHERE context = ? AND id = ? AND " + condition + lock, context, id, nowMillis);
             ResultSet r = s.executeQuery()) {
            if (!r.next()) {
                return null;
            }
            created = r.getLong(1);
            accessed = r.getLong(2);
            interval = r.getInt(3);
        }
        Map<String, byte[]> attributes = new LinkedHashMap<>();
        try (PreparedStatement s = prepare(c, "SELECT attribute_name, attribute_value FROM " + ATTRIBUTE + " WHERE context = ? AND id = ?",
                context, id); ResultSet r = s.executeQuery()) {
            while (r.next()) {
                attributes.put(r.getString(1), r.getBytes(2));
            }
        }
        return new SessionData(id, created, accessed, interval, attributes);
    }

    @Override
    public boolean save(String context, SessionData data, Set<String> removed, boolean isNew) {
        return run(c -> {
            if (isNew) {
                update(c, "INSERT INTO " + SESSION + " (context, id, creation_time, last_access_time,"
                        + " max_inactive_interval, expiry_time) VALUES (?, ?, ?, ?, ?, ?)", context, data.id(),
                        data.creationTime(), data.lastAccessedTime(), data.maxInactiveInterval(), data.expiry());
            } else if (update(c, "UPDATE " + SESSION + " SET last_access_time = ?, max_inactive_interval = ?,"
                    + " expiry_time = ? WHERE context = ? AND id = ?", data.lastAccessedTime(),
                    data.maxInactiveInterval(), data.expiry(), context, data.id()) == 0) {
                return false;
            }
            if (!data.attributes().isEmpty()) {
                try (PreparedStatement s = prepare(c, dialect.upsert(ATTRIBUTE))) {
                    for (Map.Entry<String, byte[]> e : data.attributes().entrySet()) {
                        s.setString(1, context);
                        s.setString(2, data.id());
                        s.setString(3, e.getKey());
                        s.setBytes(4, e.getValue());
                        s.addBatch();
                    }
                    s.executeBatch();
                }
            }
            for (String name : removed) {
                update(c, "DELETE FROM " + ATTRIBUTE + " WHERE context = ? AND id = ? AND attribute_name = ?", context, data.id(), name);
            }
            return true;
        });
    }

    @Override
    public boolean delete(String context, String id) {
        return run(c -> {
            update(c, "DELETE FROM " + ATTRIBUTE + " WHERE context = ? AND id = ?", context, id);
            return update(c, "DELETE FROM " + SESSION + " WHERE context = ? AND id = ?", context, id) > 0;
        });
    }

    @Override
    public boolean rename(String context, String oldId, String newId, long nowMillis) {
        return run(c -> {
            if (update(c, "UPDATE " + SESSION + " SET id = ? WHERE context = ? AND id = ? AND expiry_time > ?", newId,
                    context, oldId, nowMillis) == 0) {
                return false;
            }
            update(c, "UPDATE " + ATTRIBUTE + " SET id = ? WHERE context = ? AND id = ?", newId, context, oldId);
            return true;
        });
    }

    @Override
    public List<SessionData> expire(String context, long nowMillis, int max) {
        List<String> candidates = run(c -> {
            List<String> ids = new ArrayList<>();
            try (PreparedStatement s = prepare(c, "SELECT id FROM " + SESSION + " WHERE context = ? AND expiry_time <= ?"
                    + " ORDER BY expiry_time LIMIT ?", context, nowMillis, max); ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    ids.add(r.getString(1));
                }
            }
            return ids;
        });
        List<SessionData> expired = new ArrayList<>();
        for (String id : candidates) {
            // Locked, read and deleted in one transaction: of several instances, one gets it.
            SessionData d = run(c -> {
                SessionData data = read(c, context, id, "expiry_time <= ?", nowMillis, " FOR UPDATE");
                if (data != null) {
                    update(c, "DELETE FROM " + ATTRIBUTE + " WHERE context = ? AND id = ?", context, id);
                    update(c, "DELETE FROM " + SESSION + " WHERE context = ? AND id = ?", context, id);
                }
                return data;
            });
            if (d != null) {
                expired.add(d);
            }
        }
        return expired;
    }

    @Override
    public void close() {
        closed = true;
        for (Connection c; (c = idle.poll()) != null;) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
    }

    /** @return the URL without its query (no password), e.g. {@code jdbc:postgresql://db:5432/app} */
    @Override
    public String toString() {
        int q = url.indexOf('?');
        int semi = url.indexOf(';');
        int cut = q >= 0 ? q : semi >= 0 ? semi : url.length();
        return url.substring(0, cut);
    }
}
