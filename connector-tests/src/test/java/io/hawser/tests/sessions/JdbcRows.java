package io.hawser.tests.sessions;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Looks at the JDBC store's tables directly. */
final class JdbcRows {
    private JdbcRows() {
    }

    /** @return whether either table has a row for the session id, expired or not */
    static boolean any(String url, String sessionId) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
             PreparedStatement s = c.prepareStatement("SELECT (SELECT COUNT(*) FROM hawser_session WHERE id = ?)"
                     + " + (SELECT COUNT(*) FROM hawser_session_attribute WHERE id = ?)")) {
            s.setString(1, sessionId);
            s.setString(2, sessionId);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1) > 0;
            }
        }
    }
}
