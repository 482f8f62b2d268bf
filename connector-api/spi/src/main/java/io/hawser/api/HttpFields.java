package io.hawser.api;

import java.util.ArrayList;
import java.util.List;

/**
 * A read-only field section (RFC 9110 §5): field lines in arrival order, looked up by field-name
 * case-insensitively. Access by index allocates nothing, so it is the way to iterate.
 *
 * <p>Field values are returned as received, without the leading and trailing whitespace that
 * RFC 9112 §5.1 excludes from the value; combining repeated lines is left to the caller.
 */
public interface HttpFields {

    /** An empty field section. */
    HttpFields EMPTY = new HttpFields() {
        @Override
        public int size() {
            return 0;
        }

        @Override
        public String name(int index) {
            throw new IndexOutOfBoundsException(index);
        }

        @Override
        public String value(int index) {
            throw new IndexOutOfBoundsException(index);
        }
    };

    /**
     * @return the number of field lines
     */
    int size();

    /**
     * @param index 0 to {@code size() - 1}, in arrival order
     * @return the field-name as received (original case)
     * @throws IndexOutOfBoundsException for a bad index
     */
    String name(int index);

    /**
     * @param index 0 to {@code size() - 1}, in arrival order
     * @return the field-value, without surrounding whitespace
     * @throws IndexOutOfBoundsException for a bad index
     */
    String value(int index);

    /**
     * @param name a field-name, compared case-insensitively (RFC 9110 §5.1)
     * @return the value of the first line with that name, or {@code null}
     */
    default String get(String name) {
        for (int i = 0, n = size(); i < n; i++) {
            if (name(i).equalsIgnoreCase(name)) {
                return value(i);
            }
        }
        return null;
    }

    /**
     * @param name a field-name, compared case-insensitively
     * @return the values of every line with that name, in arrival order; empty when none
     */
    default List<String> getAll(String name) {
        List<String> values = new ArrayList<>(2);
        for (int i = 0, n = size(); i < n; i++) {
            if (name(i).equalsIgnoreCase(name)) {
                values.add(value(i));
            }
        }
        return values;
    }

    /**
     * @param name a field-name, compared case-insensitively
     * @return whether at least one line has that name
     */
    default boolean contains(String name) {
        for (int i = 0, n = size(); i < n; i++) {
            if (name(i).equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
