package io.hawser.servlet;

import io.hawser.servlet.naming.CompEnv;
import io.hawser.servlet.naming.EnvEntryTypes;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.UnavailableException;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.naming.NamingException;

/**
 * Creation and destruction of the instances a web app's container makes (Servlet 6.1 §15.5,
 * Jakarta Annotations 3.0): the servlets, filters and listeners named by class (web.xml,
 * annotations, {@code addServlet(name, Class)}, {@code createServlet}, {@code createFilter},
 * {@code createListener}). Each is instantiated, then injected ({@code @Resource} of an env-entry
 * type on a field or setter, and web.xml {@code <injection-target>}s), then its
 * {@code @PostConstruct} / {@code <post-construct>} methods run, superclass first; before it is
 * dropped (after {@code destroy}, or for a listener after {@code contextDestroyed}) its
 * {@code @PreDestroy} / {@code <pre-destroy>} methods run, superclass first. An instance the app
 * made itself and handed over ({@code addServlet(name, servlet)}) is neither injected nor
 * called, as in Tomcat.
 *
 * <p>A callback method is {@code void}, takes no arguments, is not static, may be private and
 * may be inherited; a class has at most one of each kind ({@code <post-construct>} for a class
 * replaces its annotated one). A failure to inject or a failing {@code @PostConstruct} fails the
 * creation with an {@link UnavailableException} naming the method, so the component fails as
 * its {@code init} would. The env-entries are the web app's read-only {@code java:comp/env}
 * ({@link CompEnv}). Thread-safe.
 */
public final class InstanceLifecycle {
    private final ClassLoader loader;
    private final ServletContext context;
    private final Map<String, Object> entries = new ConcurrentHashMap<>();
    private final Map<String, List<String[]>> injectionTargets = new ConcurrentHashMap<>();
    private final Map<String, String> postConstruct = new ConcurrentHashMap<>();
    private final Map<String, String> preDestroy = new ConcurrentHashMap<>();
    private final Set<Object> created = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Object> createdOrder = new ArrayList<>();
    private boolean bound;

    InstanceLifecycle(ClassLoader loader, ServletContext context) {
        this.loader = loader;
        this.context = context;
    }

    /**
     * Adds an {@code <env-entry>} to the app's {@code java:comp/env}; the first one binds that
     * context to the app's class loader.
     *
     * @param name relative to {@code java:comp/env}, e.g. {@code greeting} or {@code com.acme.S/count}
     * @param value a value of an env-entry type ({@link EnvEntryTypes}), or {@code null} for an entry
     *     declared without a value: it is not bound and not injected (Jakarta EE Platform §5.4.1.3)
     * @throws IllegalArgumentException for a value of another type
     * @throws IllegalStateException when {@code java:comp/env} cannot be provided in this JVM (another
     *     JNDI initial context factory builder is installed)
     */
    public synchronized void addEnvEntry(String name, Object value) {
        if (value != null && EnvEntryTypes.of(value.getClass()) == null) {
            throw new IllegalArgumentException("env-entry " + name + ": " + value.getClass().getName()
                    + " is not an env-entry type");
        }
        if (!bound) {
            CompEnv.bind(loader, entries);
            bound = true;
        }
        if (value != null) {
            entries.put(strip(name), value);
        }
    }

    /**
     * Gives the app a {@code java:comp/env} even when it declares no env-entry, as Tomcat and
     * Jetty give every web app one: a lookup then finds an empty, read-only context and a missing
     * name is a {@code NameNotFoundException} naming it. When another JNDI initial context
     * factory builder owns this JVM (an embedding host's), nothing is bound and JNDI stays the
     * host's; an app that declares env-entries is refused in that case instead.
     */
    public synchronized void provideEnv() {
        if (bound) {
            return;
        }
        try {
            CompEnv.bind(loader, entries);
            bound = true;
        } catch (IllegalStateException e) {
            // another builder is installed: leave JNDI to it
        }
    }

    /**
     * Adds an {@code <injection-target>} of an env-entry: the entry's value is injected into that
     * field (or JavaBeans property setter) of every instance of the class the container creates.
     *
     * @param entryName the env-entry's name, relative to {@code java:comp/env}
     * @param className the {@code injection-target-class}
     * @param target the {@code injection-target-name}: a field or property name
     */
    public void addInjectionTarget(String entryName, String className, String target) {
        injectionTargets.computeIfAbsent(className, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
                .add(new String[] {strip(entryName), target});
    }

    /**
     * Adds a {@code <post-construct>} ({@code <pre-destroy>} with {@code post} false).
     *
     * @param post whether it is a post-construct
     * @param className the {@code lifecycle-callback-class}
     * @param method the {@code lifecycle-callback-method}
     */
    public void addLifecycleCallback(boolean post, String className, String method) {
        (post ? postConstruct : preDestroy).put(className, method);
    }

    private static String strip(String name) {
        String n = name.startsWith("java:comp/env/") ? name.substring("java:comp/env/".length()) : name;
        return n.startsWith("/") ? n.substring(1) : n;
    }

    /**
     * Instantiates, injects and post-constructs.
     *
     * @param type a class with a public no-argument constructor
     * @return the instance
     * @throws ServletException when it cannot be instantiated; an {@link UnavailableException} when
     *     injection or a {@code @PostConstruct} fails
     */
    <T> T create(Class<T> type) throws ServletException {
        T instance;
        try {
            instance = type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
            throw new ServletException("cannot instantiate " + type.getName() + ": " + cause, cause);
        }
        inject(instance);
        for (Method m : callbacks(type, true)) {
            try {
                m.invoke(instance);
            } catch (InvocationTargetException e) {
                throw unavailable("@PostConstruct method " + describe(m) + " failed: " + e.getCause(), e.getCause());
            } catch (IllegalAccessException | RuntimeException e) {
                throw unavailable("@PostConstruct method " + describe(m) + " cannot be called: " + e, e);
            }
        }
        synchronized (created) {
            created.add(instance);
            createdOrder.add(instance);
        }
        return instance;
    }

    /**
     * Runs the {@code @PreDestroy} methods of an instance {@link #create} made (once); failures are logged.
     *
     * @param instance any object; one the container did not create is left alone
     */
    void destroy(Object instance) {
        synchronized (created) {
            if (instance == null || !created.remove(instance)) {
                return;
            }
            createdOrder.remove(instance);
        }
        try {
            for (Method m : callbacks(instance.getClass(), false)) {
                try {
                    m.invoke(instance);
                } catch (InvocationTargetException e) {
                    context.log("@PreDestroy method " + describe(m) + " failed", e.getCause());
                }
            }
        } catch (UnavailableException | IllegalAccessException | RuntimeException e) {
            context.log("@PreDestroy of " + instance.getClass().getName() + " cannot be called", e);
        }
    }

    /** Pre-destroys every created instance not destroyed yet (listeners), newest first, and unbinds the context. */
    void destroyAll() {
        List<Object> left;
        synchronized (created) {
            left = new ArrayList<>(createdOrder);
        }
        for (int i = left.size() - 1; i >= 0; i--) {
            destroy(left.get(i));
        }
        CompEnv.unbind(loader);
    }

    private void inject(Object instance) throws UnavailableException {
        List<Class<?>> chain = chain(instance.getClass());
        for (Class<?> c : chain) {
            for (Field f : c.getDeclaredFields()) {
                Resource r = f.getAnnotation(Resource.class);
                if (r != null) {
                    inject(instance, f, f.getType(), r, c.getName() + "/" + f.getName());
                }
            }
            for (Method m : c.getDeclaredMethods()) {
                Resource r = m.getAnnotation(Resource.class);
                if (r != null) {
                    if (m.getParameterCount() != 1 || !m.getName().startsWith("set") || m.getName().length() < 4) {
                        throw unavailable("@Resource on " + describe(m) + ": not a setter (setX with one argument)",
                                null);
                    }
                    String property = Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4);
                    inject(instance, m, m.getParameterTypes()[0], r, c.getName() + "/" + property);
                }
            }
            for (String[] t : injectionTargets.getOrDefault(c.getName(), List.of())) {
                AccessibleObject target = target(c, t[1]);
                Class<?> type = target instanceof Field f ? f.getType() : ((Method) target).getParameterTypes()[0];
                Object value = entries.get(t[0]);
                if (value != null) {
                    set(instance, target, type, value, "<injection-target> " + c.getName() + "." + t[1]);
                }
            }
        }
    }

    private void inject(Object instance, AccessibleObject target, Class<?> type, Resource r, String defaultName)
            throws UnavailableException {
        String where = "@Resource on " + describe((Member) target);
        if (EnvEntryTypes.of(type) == null) {
            throw unavailable(where + ": " + type.getName() + " resources are not provided by Hawser (only"
                    + " env-entry types: String, Character, Byte, Short, Integer, Long, Boolean, Double, Float)", null);
        }
        Object value;
        if (!r.lookup().isEmpty()) {
            try {
                value = CompEnv.lookup(r.lookup(), loader);
            } catch (NamingException e) {
                throw unavailable(where + ": lookup \"" + r.lookup() + "\" failed: " + e.getMessage(), e);
            }
        } else {
            value = entries.get(strip(r.name().isEmpty() ? defaultName : r.name()));
        }
        if (value != null) {
            set(instance, target, type, value, where);
        }
    }

    private static void set(Object instance, AccessibleObject target, Class<?> type, Object value, String where)
            throws UnavailableException {
        Class<?> boxed = EnvEntryTypes.of(type);
        Object v;
        try {
            v = value instanceof String s && boxed != String.class && boxed != null
                    ? EnvEntryTypes.convert(s, boxed) : value;
        } catch (IllegalArgumentException e) {
            throw unavailable(where + ": " + e.getMessage(), e);
        }
        if (boxed == null || !boxed.isInstance(v)) {
            throw unavailable(where + ": a " + value.getClass().getSimpleName() + " value cannot be injected into "
                    + type.getName(), null);
        }
        try {
            target.setAccessible(true);
            if (target instanceof Field f) {
                f.set(instance, v);
            } else {
                ((Method) target).invoke(instance, v);
            }
        } catch (InvocationTargetException e) {
            throw unavailable(where + " failed: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException | RuntimeException e) {
            throw unavailable(where + " failed: " + e, e);
        }
    }

    /** The field of that name, else the setter of that property, declared by {@code c}. */
    private static AccessibleObject target(Class<?> c, String name) throws UnavailableException {
        for (Field f : c.getDeclaredFields()) {
            if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) {
                return f;
            }
        }
        String setter = "set" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(setter) && m.getParameterCount() == 1) {
                return m;
            }
        }
        throw unavailable("<injection-target> " + c.getName() + "." + name + ": no such field or setter", null);
    }

    /**
     * The callback methods of a class, superclass first: per class its {@code <post-construct>}
     * ({@code <pre-destroy>}) method, else the one annotated; a method a subclass overrides is left
     * to the subclass.
     */
    private List<Method> callbacks(Class<?> type, boolean post) throws UnavailableException {
        Map<String, String> named = post ? postConstruct : preDestroy;
        Class<? extends java.lang.annotation.Annotation> annotation = post ? PostConstruct.class : PreDestroy.class;
        String label = post ? "@PostConstruct" : "@PreDestroy";
        List<Method> out = new ArrayList<>();
        List<Class<?>> chain = chain(type);
        for (int i = 0; i < chain.size(); i++) {
            Class<?> c = chain.get(i);
            Method found = null;
            String name = named.get(c.getName());
            for (Method m : c.getDeclaredMethods()) {
                boolean match = name != null ? m.getName().equals(name) && m.getParameterCount() == 0
                        : m.isAnnotationPresent(annotation);
                if (!match || m.isBridge() || m.isSynthetic()) {
                    continue;
                }
                if (found != null) {
                    throw unavailable(c.getName() + " has more than one " + label + " method: " + found.getName()
                            + " and " + m.getName(), null);
                }
                found = m;
            }
            if (found == null && name != null) {
                throw unavailable((post ? "<post-construct> " : "<pre-destroy> ") + c.getName() + "." + name
                        + "(): no such method without arguments", null);
            }
            if (found == null || overridden(found, chain.subList(i + 1, chain.size()))) {
                continue;
            }
            if (found.getReturnType() != void.class || found.getParameterCount() != 0
                    || Modifier.isStatic(found.getModifiers())) {
                throw unavailable(label + " method " + describe(found) + " must be void, take no arguments and"
                        + " not be static", null);
            }
            found.setAccessible(true);
            out.add(found);
        }
        return out;
    }

    private static boolean overridden(Method m, List<Class<?>> subclasses) {
        if (Modifier.isPrivate(m.getModifiers())) {
            return false;
        }
        for (Class<?> s : subclasses) {
            try {
                Method o = s.getDeclaredMethod(m.getName());
                if (!Modifier.isPrivate(o.getModifiers())) {
                    return true;
                }
            } catch (NoSuchMethodException e) {
                // not overridden there
            }
        }
        return false;
    }

    /** @return the class and its superclasses below {@code Object}, the topmost first */
    private static List<Class<?>> chain(Class<?> type) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            out.add(0, c);
        }
        return out;
    }

    private static String describe(Member m) {
        return m.getDeclaringClass().getName() + "." + m.getName() + (m instanceof Method ? "()" : "");
    }

    private static UnavailableException unavailable(String message, Throwable cause) {
        UnavailableException e = new UnavailableException(message);
        if (cause != null) {
            e.initCause(cause);
        }
        return e;
    }
}
