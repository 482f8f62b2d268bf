package io.hawser.servlet.naming;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import javax.naming.Binding;
import javax.naming.CompositeName;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.NameClassPair;
import javax.naming.NameNotFoundException;
import javax.naming.NameParser;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.NotContextException;
import javax.naming.OperationNotSupportedException;

/**
 * A read-only naming context over a flat map of names ({@code a/b/c}) to values: looking up a
 * prefix of names ({@code a/b}) gives the subcontext under it. Every change ({@code bind},
 * {@code rebind}, {@code unbind}, {@code rename}, {@code createSubcontext},
 * {@code destroySubcontext}) throws {@link OperationNotSupportedException}, as Tomcat's read-only
 * {@code java:comp/env} does.
 */
final class ReadOnlyContext implements Context {
    private static final NameParser PARSER = CompositeName::new;

    private final String prefix;
    private final Map<String, Object> entries;
    private final Hashtable<Object, Object> environment;

    /**
     * @param prefix the names this context holds start with it: {@code ""} or {@code a/b/}
     * @param entries full names to values, shared with the subcontexts
     * @param environment the environment {@link #getEnvironment()} reports
     */
    ReadOnlyContext(String prefix, Map<String, Object> entries, Hashtable<?, ?> environment) {
        this.prefix = prefix;
        this.entries = entries;
        this.environment = new Hashtable<>(environment == null ? Map.of() : environment);
    }

    @Override
    public Object lookup(String name) throws NamingException {
        String n = strip(name);
        if (n.isEmpty()) {
            return new ReadOnlyContext(prefix, entries, environment);
        }
        String full = prefix + n;
        Object value = entries.get(full);
        if (value != null) {
            return value;
        }
        String sub = full + "/";
        for (String k : entries.keySet()) {
            if (k.startsWith(sub)) {
                return new ReadOnlyContext(sub, entries, environment);
            }
        }
        throw new NameNotFoundException("java:comp/env/" + full + " is not bound (no <env-entry> with a value)");
    }

    /** Leading and trailing slashes and empty components are dropped: {@code /a//b/} is {@code a/b}. */
    private static String strip(String name) {
        StringBuilder out = new StringBuilder();
        for (String part : name.split("/")) {
            if (!part.isEmpty()) {
                out.append(out.length() == 0 ? "" : "/").append(part);
            }
        }
        return out.toString();
    }

    @Override
    public Object lookup(Name name) throws NamingException {
        return lookup(name.toString());
    }

    @Override
    public Object lookupLink(String name) throws NamingException {
        return lookup(name);
    }

    @Override
    public Object lookupLink(Name name) throws NamingException {
        return lookup(name);
    }

    @Override
    public NamingEnumeration<NameClassPair> list(String name) throws NamingException {
        List<NameClassPair> out = new ArrayList<>();
        children(name).forEach((child, value) -> out.add(new NameClassPair(child, value.getClass().getName())));
        return new Listing<>(out);
    }

    @Override
    public NamingEnumeration<NameClassPair> list(Name name) throws NamingException {
        return list(name.toString());
    }

    @Override
    public NamingEnumeration<Binding> listBindings(String name) throws NamingException {
        List<Binding> out = new ArrayList<>();
        children(name).forEach((child, value) -> out.add(new Binding(child, value)));
        return new Listing<>(out);
    }

    @Override
    public NamingEnumeration<Binding> listBindings(Name name) throws NamingException {
        return listBindings(name.toString());
    }

    /** @return the direct children of {@code name}: a value, or a subcontext for a deeper name */
    private Map<String, Object> children(String name) throws NamingException {
        Object target = lookup(name);
        if (!(target instanceof ReadOnlyContext c)) {
            throw new NotContextException(name + " is a value, not a context");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : entries.entrySet()) {
            if (e.getKey().startsWith(c.prefix)) {
                String rest = e.getKey().substring(c.prefix.length());
                int slash = rest.indexOf('/');
                out.putIfAbsent(slash < 0 ? rest : rest.substring(0, slash), slash < 0 ? e.getValue()
                        : new ReadOnlyContext(c.prefix + rest.substring(0, slash) + "/", entries, environment));
            }
        }
        return out;
    }

    private static OperationNotSupportedException readOnly() {
        return new OperationNotSupportedException("java:comp/env is read-only");
    }

    @Override
    public void bind(Name name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void bind(String name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rebind(Name name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rebind(String name, Object obj) throws NamingException {
        throw readOnly();
    }

    @Override
    public void unbind(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void unbind(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rename(Name oldName, Name newName) throws NamingException {
        throw readOnly();
    }

    @Override
    public void rename(String oldName, String newName) throws NamingException {
        throw readOnly();
    }

    @Override
    public void destroySubcontext(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public void destroySubcontext(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Context createSubcontext(Name name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Context createSubcontext(String name) throws NamingException {
        throw readOnly();
    }

    @Override
    public Object addToEnvironment(String propName, Object propVal) throws NamingException {
        throw readOnly();
    }

    @Override
    public Object removeFromEnvironment(String propName) throws NamingException {
        throw readOnly();
    }

    @Override
    public NameParser getNameParser(Name name) {
        return PARSER;
    }

    @Override
    public NameParser getNameParser(String name) {
        return PARSER;
    }

    @Override
    public Name composeName(Name name, Name prefixName) throws NamingException {
        return ((Name) prefixName.clone()).addAll(name);
    }

    @Override
    public String composeName(String name, String prefixName) {
        return prefixName.isEmpty() ? name : prefixName + "/" + name;
    }

    @Override
    public Hashtable<?, ?> getEnvironment() {
        return new Hashtable<>(environment);
    }

    @Override
    public void close() {
    }

    @Override
    public String getNameInNamespace() {
        return "java:comp/env" + (prefix.isEmpty() ? "" : "/" + prefix.substring(0, prefix.length() - 1));
    }

    /** A listing over a list already made. */
    private static final class Listing<T> implements NamingEnumeration<T> {
        private final List<T> items;
        private int next;

        Listing(List<T> items) {
            this.items = items;
        }

        @Override
        public T next() {
            if (next >= items.size()) {
                throw new NoSuchElementException();
            }
            return items.get(next++);
        }

        @Override
        public boolean hasMore() {
            return next < items.size();
        }

        @Override
        public boolean hasMoreElements() {
            return hasMore();
        }

        @Override
        public T nextElement() {
            return next();
        }

        @Override
        public void close() {
            next = items.size();
        }
    }
}
