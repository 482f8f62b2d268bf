package io.hawser.security;

import java.io.IOException;
import java.io.Serializable;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginException;
import javax.security.auth.spi.LoginModule;

/**
 * A login module for the tests: its options are the users, {@code NAME="PASSWORD|ROLE,ROLE"}. A
 * successful login adds a {@link User}, a {@link RolePrincipal} per role and a {@link Group} per
 * role named {@code group-ROLE}. The option {@code explode="true"} makes login throw a
 * RuntimeException (a store that cannot answer).
 */
public final class TestLoginModule implements LoginModule {
    private Subject subject;
    private CallbackHandler handler;
    private Map<String, ?> options;
    private final List<Principal> pending = new ArrayList<>();

    /** The user principal this module adds. */
    public record User(String getName) implements Principal, Serializable {
    }

    /** A second kind of role principal, to choose by class name. */
    public record Group(String getName) implements Principal, Serializable {
    }

    @Override
    public void initialize(Subject subject, CallbackHandler handler, Map<String, ?> sharedState, Map<String, ?> options) {
        this.subject = subject;
        this.handler = handler;
        this.options = options;
    }

    @Override
    public boolean login() throws LoginException {
        if ("true".equals(options.get("explode"))) {
            throw new IllegalStateException("the user store is down");
        }
        NameCallback name = new NameCallback("name: ");
        PasswordCallback password = new PasswordCallback("password: ", false);
        try {
            handler.handle(new Callback[] {name, password});
        } catch (IOException | UnsupportedCallbackException e) {
            throw new LoginException(e.toString());
        }
        Object entry = options.get(name.getName());
        String given = new String(password.getPassword());
        password.clearPassword();
        if (!(entry instanceof String) || name.getName().equals("explode")) {
            throw new FailedLoginException("no such user");
        }
        String[] parts = ((String) entry).split("\\|", 2);
        if (!parts[0].equals(given)) {
            throw new FailedLoginException("wrong password");
        }
        pending.add(new User(name.getName()));
        if (parts.length == 2 && !parts[1].isEmpty()) {
            for (String role : parts[1].split(",")) {
                pending.add(new RolePrincipal(role));
                pending.add(new Group("group-" + role));
            }
        }
        return true;
    }

    @Override
    public boolean commit() {
        subject.getPrincipals().addAll(pending);
        return true;
    }

    @Override
    public boolean abort() {
        pending.clear();
        return true;
    }

    @Override
    public boolean logout() {
        subject.getPrincipals().removeAll(pending);
        return true;
    }
}
