package io.hawser.session.jdbc;

/**
 * What differs between the databases the JDBC store works with: the binary column type and the
 * attribute upsert. Any other database is refused (fail closed).
 */
enum SqlDialect {
    /** PostgreSQL: {@code BYTEA}, {@code INSERT ... ON CONFLICT DO UPDATE}. */
    POSTGRESQL("BYTEA", "INSERT INTO %s (context, id, attribute_name, attribute_value) VALUES (?, ?, ?, ?)"
            + " ON CONFLICT (context, id, attribute_name) DO UPDATE SET attribute_value = EXCLUDED.attribute_value"),
    /** H2 2.x: {@code VARBINARY}, {@code MERGE ... KEY}. */
    H2("VARBINARY", "MERGE INTO %s (context, id, attribute_name, attribute_value) KEY (context, id, attribute_name)"
            + " VALUES (?, ?, ?, ?)");

    final String binary;
    private final String upsert;

    SqlDialect(String binary, String upsert) {
        this.binary = binary;
        this.upsert = upsert;
    }

    /** @param table the attribute table @return the upsert of one attribute (context, id, name, value) */
    String upsert(String table) {
        return String.format(upsert, table);
    }

    /**
     * @param url a JDBC URL
     * @return its dialect
     * @throws IllegalArgumentException for a database other than PostgreSQL and H2
     */
    static SqlDialect of(String url) {
        if (url.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        if (url.startsWith("jdbc:h2:")) {
            return H2;
        }
        int colon = url.indexOf(':', 5);
        throw new IllegalArgumentException("session store " + (colon > 0 ? url.substring(0, colon + 1) : url)
                + " is not supported: PostgreSQL (jdbc:postgresql:) and H2 (jdbc:h2:) are");
    }
}
