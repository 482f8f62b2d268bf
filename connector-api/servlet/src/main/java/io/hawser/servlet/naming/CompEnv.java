package io.hawser.servlet.naming;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Hashtable;
import java.util.Map;
import java.util.WeakHashMap;
import javax.naming.CompositeName;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.NameNotFoundException;
import javax.naming.NamingException;
import javax.naming.NoInitialContextException;
import javax.naming.spi.InitialContextFactory;
import javax.naming.spi.InitialContextFactoryBuilder;
import javax.naming.spi.NamingManager;

/**
 * The read-only {@code java:comp/env} naming context of each web app (Jakarta EE env-entries, as
 * Servlet 6.1 §15.5.3 asks of a servlet container), bound by class loader as Tomcat binds it:
 * {@code new InitialContext().lookup("java:comp/env/x")} on a thread whose context class loader is
 * a web app's loader (or a child of it) finds that app's entries; {@code lookup("java:comp/env")}
 * gives the context itself. Built on the JDK's {@code javax.naming} SPI, with no third-party code.
 *
 * <p>The first {@link #bind} installs a process-wide {@link InitialContextFactoryBuilder}
 * ({@link NamingManager#setInitialContextFactoryBuilder}, which can be set only once). An
 * {@code InitialContext} whose environment names a {@link Context#INITIAL_CONTEXT_FACTORY} (also
 * through the {@code java.naming.factory.initial} system property or {@code jndi.properties}) still
 * gets that factory's context; a name with another URL scheme ({@code ldap:}, {@code dns:}) goes to
 * the JDK's URL context for it, as it would without the builder. Thread-safe.
 */
public final class CompEnv {
    private static final String PREFIX = "java:comp/env";
    private static final Map<ClassLoader, Map<String, Object>> BINDINGS = new WeakHashMap<>();
    private static boolean installed;

    private CompEnv() {
    }

    /**
     * Binds a web app's entries to its class loader, installing the builder on first use.
     *
     * @param loader the web app's class loader
     * @param entries names relative to {@code java:comp/env} ({@code greeting}, {@code com.acme.S/count})
     *     to values; kept, not copied, so entries the caller adds later are seen (a concurrent map)
     * @throws IllegalStateException when another initial context factory builder was set in this JVM
     *     before Hawser's (then {@code java:comp/env} cannot be provided), or the loader is bound already
     */
    public static synchronized void bind(ClassLoader loader, Map<String, Object> entries) {
        install();
        if (BINDINGS.containsKey(loader)) {
            throw new IllegalStateException("class loader " + loader + " already has a java:comp/env");
        }
        BINDINGS.put(loader, entries);
    }

    /** @param loader a web app's class loader; its entries are dropped (nothing happens when it has none) */
    public static synchronized void unbind(ClassLoader loader) {
        BINDINGS.remove(loader);
    }

    /**
     * @param name a name relative to {@code java:comp/env}, or one starting with {@code java:comp/env/}
     * @param loader the web app's class loader
     * @return the value bound there
     * @throws NamingException when nothing is bound there
     */
    public static Object lookup(String name, ClassLoader loader) throws NamingException {
        String relative = name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : name;
        return envOf(loader, null).lookup(relative);
    }

    private static void install() {
        if (installed) {
            return;
        }
        try {
            NamingManager.setInitialContextFactoryBuilder(new Builder());
        } catch (IllegalStateException | NamingException e) {
            throw new IllegalStateException("another JNDI InitialContextFactoryBuilder is already installed in this"
                    + " JVM, so Hawser cannot provide java:comp/env for <env-entry> and @Resource", e);
        }
        installed = true;
    }

    private static Context envOf(ClassLoader loader, Hashtable<?, ?> environment) throws NamingException {
        Map<String, Object> entries = null;
        synchronized (CompEnv.class) {
            for (ClassLoader l = loader; l != null && entries == null; l = l.getParent()) {
                entries = BINDINGS.get(l);
            }
        }
        if (entries == null) {
            throw new NameNotFoundException("no java:comp/env here: the thread's context class loader (" + loader
                    + ") is not one of a web app with a java:comp/env");
        }
        return new ReadOnlyContext("", entries, environment);
    }

    /** Gives an explicitly named factory when there is one, else the {@link #root} context. */
    private static final class Builder implements InitialContextFactoryBuilder {
        @Override
        public InitialContextFactory createInitialContextFactory(Hashtable<?, ?> environment) throws NamingException {
            Object named = environment == null ? null : environment.get(Context.INITIAL_CONTEXT_FACTORY);
            if (named instanceof InitialContextFactory f) {
                return f;
            }
            if (named != null) {
                return explicit(named.toString());
            }
            return env -> root(env);
        }

        private static InitialContextFactory explicit(String className) throws NamingException {
            ClassLoader tccl = Thread.currentThread().getContextClassLoader();
            try {
                Class<?> c = Class.forName(className, true, tccl != null ? tccl : ClassLoader.getSystemClassLoader());
                return (InitialContextFactory) c.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                NoInitialContextException ne = new NoInitialContextException("cannot instantiate " + className);
                ne.setRootCause(e);
                throw ne;
            }
        }
    }

    /**
     * The initial context: a name under {@code java:comp/env} goes to the calling thread's web app's
     * context (read-only), a name with another URL scheme to the JDK's URL context for that scheme,
     * anything else is not found.
     */
    private static Context root(Hashtable<?, ?> environment) {
        Hashtable<?, ?> env = environment == null ? new Hashtable<>() : environment;
        InvocationHandler handler = (proxy, method, args) -> root(method, args, env);
        return (Context) Proxy.newProxyInstance(CompEnv.class.getClassLoader(), new Class<?>[] {Context.class},
                handler);
    }

    private static Object root(Method method, Object[] args, Hashtable<?, ?> env) throws Throwable {
        switch (method.getName()) {
            case "getEnvironment":
                return new Hashtable<>(env);
            case "close":
                return null;
            case "getNameInNamespace":
                return "";
            case "composeName":
                return method.getParameterTypes()[0] == String.class ? args[1] + "/" + args[0]
                        : ((Name) ((Name) args[1]).clone()).addAll((Name) args[0]);
            case "toString":
                return "Hawser initial context";
            case "hashCode":
                return System.identityHashCode(env);
            case "equals":
                return args[0] == env;
            default:
        }
        if (args == null || args.length == 0 || !(args[0] instanceof String || args[0] instanceof Name)) {
            throw new javax.naming.OperationNotSupportedException(method.getName() + " is not supported here");
        }
        String name = args[0].toString();
        Object[] rest = args.clone();
        Context target;
        if (name.equals(PREFIX) || name.startsWith(PREFIX + "/")) {
            target = envOf(Thread.currentThread().getContextClassLoader(), env);
            String relative = name.substring(PREFIX.length());
            rest[0] = args[0] instanceof Name ? new CompositeName(relative) : relative;
        } else {
            int colon = name.indexOf(':');
            int slash = name.indexOf('/');
            Context url = colon > 0 && (slash < 0 || colon < slash) && !name.startsWith("java:")
                    ? NamingManager.getURLContext(name.substring(0, colon), env) : null;
            if (url == null) {
                throw new NameNotFoundException(name + ": only java:comp/env names are provided by Hawser");
            }
            target = url;
        }
        try {
            return method.invoke(target, rest);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
