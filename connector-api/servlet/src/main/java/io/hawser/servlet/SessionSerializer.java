package io.hawser.servlet;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;

/**
 * Java serialization of session attributes, classes resolved through the web app's class loader (an
 * attribute's class is usually in {@code WEB-INF/classes}, which the server's loader cannot see).
 */
final class SessionSerializer {
    private final ClassLoader loader;

    /** @param loader the web app's class loader; {@code null}: this class's */
    SessionSerializer(ClassLoader loader) {
        this.loader = loader != null ? loader : SessionSerializer.class.getClassLoader();
    }

    /**
     * @param name the attribute, for the message
     * @param value a serializable value
     * @return its bytes
     * @throws IllegalArgumentException when part of it is not serializable (naming the attribute)
     */
    byte[] serialize(String name, Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new IllegalArgumentException("session attribute '" + name + "' (" + value.getClass().getName()
                    + ") cannot be serialized for the session store: " + e, e);
        }
        return bytes.toByteArray();
    }

    /**
     * @param name the attribute, for the message
     * @param bytes what {@link #serialize} made
     * @return the value
     * @throws UncheckedIOException when it cannot be read (a class missing or changed incompatibly)
     */
    Object deserialize(String name, byte[] bytes) {
        try (ObjectInputStream in = new LoaderInput(new ByteArrayInputStream(bytes), loader)) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new UncheckedIOException(new IOException("session attribute '" + name
                    + "' cannot be read from the session store: " + e, e));
        }
    }

    private static final class LoaderInput extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderInput(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
