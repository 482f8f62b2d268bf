package io.hawser.security;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.security.URIParameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;

/**
 * Users checked by JAAS login modules, as Tomcat's {@code JAASRealm} and Jetty's
 * {@code JAASLoginService}: each {@link #authenticate} runs a {@link LoginContext} for one entry of
 * a JAAS login configuration file ({@code java.security.auth.login.Configuration}'s
 * {@code JavaLoginConfig} syntax), read once from the file given, without touching the
 * {@code java.security.auth.login.config} system property or the global configuration.
 *
 * <p>The login modules are asked through a {@link CallbackHandler} that answers {@link NameCallback}
 * with the user name and {@link PasswordCallback} with the password; any other callback is
 * unsupported. After a successful login the Subject's principals give the user and the roles, by
 * class name (a principal's class, any superclass or any interface counts):
 * <ul>
 *   <li>the user is the first principal of a user class; with no user class names (the default),
 *       the first principal that is not a role (as in Tomcat, a principal of a user class that is also
 *       of a role class is both);</li>
 *   <li>the roles are the names of the principals of a role class; by default
 *       {@link RolePrincipal}.</li>
 * </ul>
 *
 * <p>A {@link LoginException} (wrong password, unknown user, locked account, and also a login
 * module that failed unexpectedly, which {@link LoginContext} reports as one) is a failed login:
 * {@code null}. A successful login whose Subject has no user principal is a misconfiguration: an
 * {@link IllegalStateException} naming the principals' classes. Thread-safe: every call has its
 * own {@link LoginContext}. Login module classes are loaded by the context class loader of the
 * thread that created the realm, not by the web app's.
 *
 * <p>Not a {@link CertificateRealm}: JAAS has no standard callback for a certificate and the usual
 * login modules ask for a password, so a {@code CLIENT-CERT} web app is refused at start with this
 * realm (use a users file, {@link UsersFileRealm}, or an embedder's own {@link CertificateRealm}).
 */
public final class JaasRealm implements Realm {
    /** The role principal class names used when none are given: {@link RolePrincipal}. */
    public static final List<String> DEFAULT_ROLE_CLASS_NAMES = List.of(RolePrincipal.class.getName());

    private static final System.Logger LOG = System.getLogger(JaasRealm.class.getName());

    private final String entry;
    private final Configuration configuration;
    private final Set<String> userClassNames;
    private final Set<String> roleClassNames;
    private final ClassLoader modules;

    private JaasRealm(String entry, Configuration configuration, Set<String> userClassNames,
                      Set<String> roleClassNames, ClassLoader modules) {
        this.entry = entry;
        this.configuration = configuration;
        this.userClassNames = userClassNames;
        this.roleClassNames = roleClassNames;
        this.modules = modules;
    }

    /**
     * A realm with the default principal classes: the first non-role principal is the user, the
     * {@link RolePrincipal}s are the roles.
     *
     * @param configFile a JAAS login configuration file
     * @param entry the name of the entry to log in with
     * @return the realm
     * @throws IOException when the file cannot be read or parsed, with a one-line message naming it
     * @throws IllegalArgumentException when the file has no such entry
     */
    public static JaasRealm open(Path configFile, String entry) throws IOException {
        return open(configFile, entry, List.of(), DEFAULT_ROLE_CLASS_NAMES);
    }

    /**
     * @param configFile a JAAS login configuration file
     * @param entry the name of the entry to log in with
     * @param userClassNames fully qualified names of the user principal's possible classes; empty:
     *     the first principal that is not a role
     * @param roleClassNames fully qualified names of the role principals' classes
     * @return the realm
     * @throws IOException when the file cannot be read or parsed, with a one-line message naming it
     * @throws IllegalArgumentException when the file has no such entry
     */
    public static JaasRealm open(Path configFile, String entry, List<String> userClassNames,
                                 List<String> roleClassNames) throws IOException {
        Objects.requireNonNull(entry, "entry");
        if (!Files.isRegularFile(configFile)) {
            throw new IOException("cannot read the JAAS configuration " + configFile + ": no such file");
        }
        Configuration configuration;
        try {
            configuration = Configuration.getInstance("JavaLoginConfig", new URIParameter(configFile.toUri()));
        } catch (NoSuchAlgorithmException e) {
            // the JDK's ConfigFile reports an unreadable or malformed file as this, with the IOException as cause
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IOException("cannot read the JAAS configuration " + configFile + ": "
                    + String.valueOf(cause.getMessage()).strip().replaceAll("\\s+", " "), e);
        }
        AppConfigurationEntry[] modules = configuration.getAppConfigurationEntry(entry);
        if (modules == null || modules.length == 0) {
            throw new IllegalArgumentException("the JAAS configuration " + configFile + " has no entry \"" + entry
                    + "\"");
        }
        return new JaasRealm(entry, configuration, new LinkedHashSet<>(userClassNames),
                new LinkedHashSet<>(roleClassNames), Thread.currentThread().getContextClassLoader());
    }

    /** @return the name of the configuration entry this realm logs in with */
    public String entry() {
        return entry;
    }

    @Override
    public AuthenticatedUser authenticate(String username, String password) {
        if (username == null || password == null) {
            return null;
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(modules);
        Subject subject;
        try {
            LoginContext login = new LoginContext(entry, new Subject(), new Credentials(username, password),
                    configuration);
            login.login();
            subject = login.getSubject();
        } catch (LoginException e) {
            LOG.log(System.Logger.Level.DEBUG, "JAAS entry {0}: login failed ({1})", entry, e.getClass().getName());
            return null;
        } finally {
            thread.setContextClassLoader(previous);
        }
        return user(subject);
    }

    private AuthenticatedUser user(Subject subject) {
        List<Principal> principals = new ArrayList<>(subject.getPrincipals());
        Principal user = null;
        Set<String> roles = new LinkedHashSet<>();
        for (Principal p : principals) {
            boolean role = isOf(p.getClass(), roleClassNames);
            if (role) {
                roles.add(p.getName());
            }
            if (user == null && (userClassNames.isEmpty() ? !role : isOf(p.getClass(), userClassNames))) {
                user = p;
            }
        }
        if (user == null) {
            Set<String> classes = new TreeSet<>();
            principals.forEach(p -> classes.add(p.getClass().getName()));
            throw new IllegalStateException("JAAS entry " + entry + ": the login succeeded but no principal is the user"
                    + (userClassNames.isEmpty() ? " (every one is a role)" : " (none is a " + userClassNames + ")")
                    + "; the Subject's principals are of " + classes);
        }
        return new AuthenticatedUser(user, roles);
    }

    /** @return whether {@code type}, a superclass or an interface of either is named in {@code names} */
    private static boolean isOf(Class<?> type, Set<String> names) {
        if (type == null) {
            return false;
        }
        if (names.contains(type.getName())) {
            return true;
        }
        for (Class<?> i : type.getInterfaces()) {
            if (isOf(i, names)) {
                return true;
            }
        }
        return isOf(type.getSuperclass(), names);
    }

    /** Answers the login modules' name and password callbacks with what the client sent. */
    private static final class Credentials implements CallbackHandler {
        private final String username;
        private final String password;

        Credentials(String username, String password) {
            this.username = username;
            this.password = password;
        }

        @Override
        public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
            for (Callback c : callbacks) {
                if (c instanceof NameCallback) {
                    ((NameCallback) c).setName(username);
                } else if (c instanceof PasswordCallback) {
                    char[] chars = password.toCharArray();
                    ((PasswordCallback) c).setPassword(chars); // it keeps a copy
                    Arrays.fill(chars, '\0');
                } else {
                    throw new UnsupportedCallbackException(c, "Hawser's JAAS realm answers only the name and"
                            + " password callbacks");
                }
            }
        }
    }
}
