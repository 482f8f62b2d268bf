package io.hawser.servlet.naming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.naming.Binding;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NameNotFoundException;
import javax.naming.NamingEnumeration;
import javax.naming.OperationNotSupportedException;
import javax.naming.spi.InitialContextFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The read-only java:comp/env, found by the thread's context class loader. */
class CompEnvTest {
    private final URLClassLoader app = new URLClassLoader(new URL[0], getClass().getClassLoader());
    private final Map<String, Object> entries = new ConcurrentHashMap<>();
    private ClassLoader previous;

    @BeforeEach
    void bind() {
        entries.put("greeting", "hello");
        entries.put("com.acme.S/count", 3);
        CompEnv.bind(app, entries);
        previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(new URLClassLoader(new URL[0], app));
    }

    @AfterEach
    void unbind() throws Exception {
        Thread.currentThread().setContextClassLoader(previous);
        CompEnv.unbind(app);
        app.close();
    }

    @Test
    void namesAndSubcontextsResolveFromAChildOfTheAppLoader() throws Exception {
        InitialContext initial = new InitialContext();
        assertThat(initial.lookup("java:comp/env/greeting")).isEqualTo("hello");
        assertThat(initial.lookup("java:comp/env/com.acme.S/count")).isEqualTo(3);
        Context env = (Context) initial.lookup("java:comp/env");
        assertThat(((Context) env.lookup("com.acme.S")).lookup("count")).isEqualTo(3);
        entries.put("later", 1L);
        assertThat(env.lookup("later")).as("entries added after binding").isEqualTo(1L);
        List<String> names = new ArrayList<>();
        NamingEnumeration<Binding> list = env.listBindings("");
        while (list.hasMore()) {
            Binding b = list.next();
            names.add(b.getName() + (b.getObject() instanceof Context ? "/" : "=" + b.getObject()));
        }
        assertThat(names).containsExactlyInAnyOrder("greeting=hello", "com.acme.S/", "later=1");
        assertThatThrownBy(() -> env.lookup("missing")).isInstanceOf(NameNotFoundException.class)
                .hasMessageContaining("java:comp/env/missing");
        assertThatThrownBy(() -> initial.lookup("other:thing")).isInstanceOf(NameNotFoundException.class);
    }

    @Test
    void everyChangeIsRefused() throws Exception {
        Context env = (Context) new InitialContext().lookup("java:comp/env");
        assertThatThrownBy(() -> env.bind("x", "y")).isInstanceOf(OperationNotSupportedException.class);
        assertThatThrownBy(() -> env.rebind("greeting", "y")).isInstanceOf(OperationNotSupportedException.class);
        assertThatThrownBy(() -> env.unbind("greeting")).isInstanceOf(OperationNotSupportedException.class);
        assertThatThrownBy(() -> env.createSubcontext("sub")).isInstanceOf(OperationNotSupportedException.class);
        assertThatThrownBy(() -> new InitialContext().bind("java:comp/env/x", "y"))
                .isInstanceOf(OperationNotSupportedException.class);
        assertThat(new InitialContext().lookup("java:comp/env/greeting")).isEqualTo("hello");
    }

    @Test
    void anotherLoaderSeesNothingAndUnbindingDropsTheEntries() throws Exception {
        Thread.currentThread().setContextClassLoader(previous);
        assertThatThrownBy(() -> new InitialContext().lookup("java:comp/env/greeting"))
                .isInstanceOf(NameNotFoundException.class).hasMessageContaining("is not one of a web app with a java:comp/env");
        CompEnv.unbind(app);
        assertThatThrownBy(() -> CompEnv.lookup("greeting", app)).isInstanceOf(NameNotFoundException.class);
        CompEnv.bind(app, entries);
        assertThatThrownBy(() -> CompEnv.bind(app, entries)).isInstanceOf(IllegalStateException.class);
    }

    /** A provider an application names explicitly. */
    public static class Explicit implements InitialContextFactory {
        @Override
        public Context getInitialContext(Hashtable<?, ?> environment) {
            return new ReadOnlyContext("", Map.of("answer", 42), environment);
        }
    }

    @Test
    void anExplicitInitialContextFactoryIsHonoured() throws Exception {
        Hashtable<String, Object> environment = new Hashtable<>();
        environment.put(Context.INITIAL_CONTEXT_FACTORY, Explicit.class.getName());
        assertThat(new InitialContext(environment).lookup("answer")).isEqualTo(42);
    }
}
