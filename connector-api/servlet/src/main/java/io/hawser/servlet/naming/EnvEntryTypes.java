package io.hawser.servlet.naming;

import java.util.Map;

/**
 * The types an {@code <env-entry>} may have (Jakarta EE Platform §5.4.1.3): {@code String},
 * {@code Character}, {@code Byte}, {@code Short}, {@code Integer}, {@code Long}, {@code Boolean},
 * {@code Double} and {@code Float} of {@code java.lang}; a field or setter of the primitive type
 * takes the boxed one's value.
 */
public final class EnvEntryTypes {
    private static final Map<String, Class<?>> TYPES = Map.ofEntries(
            Map.entry("java.lang.String", String.class), Map.entry("java.lang.Character", Character.class),
            Map.entry("java.lang.Byte", Byte.class), Map.entry("java.lang.Short", Short.class),
            Map.entry("java.lang.Integer", Integer.class), Map.entry("java.lang.Long", Long.class),
            Map.entry("java.lang.Boolean", Boolean.class), Map.entry("java.lang.Double", Double.class),
            Map.entry("java.lang.Float", Float.class), Map.entry("char", Character.class),
            Map.entry("byte", Byte.class), Map.entry("short", Short.class), Map.entry("int", Integer.class),
            Map.entry("long", Long.class), Map.entry("boolean", Boolean.class), Map.entry("double", Double.class),
            Map.entry("float", Float.class));

    private EnvEntryTypes() {
    }

    /**
     * @param typeName a class name as written in source or a descriptor ({@code java.lang.Integer}, {@code int})
     * @return the boxed env-entry type, or {@code null} when it is not one
     */
    public static Class<?> of(String typeName) {
        return typeName == null ? null : TYPES.get(typeName.trim());
    }

    /**
     * @param type a class
     * @return the boxed env-entry type, or {@code null} when it is not one
     */
    public static Class<?> of(Class<?> type) {
        return of(type.getName());
    }

    /**
     * @param value the text of {@code <env-entry-value>}
     * @param type an env-entry type ({@link #of})
     * @return the value of that type
     * @throws IllegalArgumentException when the text is not a value of the type: a number out of
     *     range or malformed, a {@code Character} that is not one character, a {@code Boolean} other
     *     than {@code true} or {@code false}
     */
    public static Object convert(String value, Class<?> type) {
        String v = type == String.class ? value : value.trim();
        try {
            if (type == String.class) {
                return value;
            } else if (type == Character.class) {
                if (v.length() != 1) {
                    throw new IllegalArgumentException("\"" + value + "\" is not one character");
                }
                return v.charAt(0);
            } else if (type == Boolean.class) {
                if (!v.equals("true") && !v.equals("false")) {
                    throw new IllegalArgumentException("\"" + value + "\" is not true or false");
                }
                return Boolean.valueOf(v);
            } else if (type == Byte.class) {
                return Byte.valueOf(v);
            } else if (type == Short.class) {
                return Short.valueOf(v);
            } else if (type == Integer.class) {
                return Integer.valueOf(v);
            } else if (type == Long.class) {
                return Long.valueOf(v);
            } else if (type == Double.class) {
                return Double.valueOf(v);
            } else if (type == Float.class) {
                return Float.valueOf(v);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + value + "\" is not a " + type.getName(), e);
        }
        throw new IllegalArgumentException(type.getName() + " is not an env-entry type");
    }
}
