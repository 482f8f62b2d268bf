package io.hawser.launcher;

import io.hawser.security.JaasRealm;
import io.hawser.security.Realm;
import io.hawser.security.UsersFileRealm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Who the users of every deployed web app are, and where a CONFIDENTIAL constraint sends a request
 * that is not secure: a users file ({@code --realm}, {@link UsersFileRealm}) or a JAAS login
 * configuration entry ({@code --jaas-config} with {@code --jaas-entry}, {@link JaasRealm}), or
 * neither (an app that needs a realm is then refused), and {@code --confidential-port}.
 */
final class RealmOptions {
    /** The options below, in the order --help lists them. */
    final Options options = new Options();

    final Opt<Path> usersFile = options.add(Opt.of(Path.class, "--realm", "FILE",
            "the users of the web apps: a users file (NAME:HASH[:ROLES] lines, hashes made with"
                    + " hawser hash-password), read again when it changes (default: no users)"));

    final Opt<Path> jaasConfig = options.add(Opt.of(Path.class, "--jaas-config", "FILE",
            "the users of the web apps come from JAAS: a login configuration file (with --jaas-entry;"
                    + " not with --realm)"));

    final Opt<String> jaasEntry = options.add(Opt.of(String.class, "--jaas-entry", "NAME",
            "the entry of --jaas-config to log in with"));

    final Opt<List<String>> jaasUserClasses = options.add(Opt.list(String.class, "--jaas-user-class", "CLASS",
            "with --jaas-config: the user principal's classes, comma-separated (default: the first"
                    + " principal that is not a role)"));

    final Opt<List<String>> jaasRoleClasses = options.add(Opt.list(String.class, "--jaas-role-class", "CLASS",
            "with --jaas-config: the role principals' classes, comma-separated (default"
                    + " io.hawser.security.RolePrincipal)"));

    final Opt<Integer> confidentialPort = options.add(Opt.of(int.class, "--confidential-port", "PORT",
            "the HTTPS port a CONFIDENTIAL constraint redirects a plain request to; 0: none, such a"
                    + " request gets 403 (default: ${DEFAULT-VALUE})").initial(0));

    /**
     * Checks the options agree, before anything is read.
     *
     * @throws IllegalArgumentException naming the option at fault, in the words
     *     {@link Hawser#asOptionMessage} turns into the option's name
     */
    void check() {
        if (confidentialPort.value() < 0 || confidentialPort.value() > 65535) {
            throw new IllegalArgumentException("confidentialPort must be in 0..65535: " + confidentialPort.value());
        }
        if (usersFile.value() != null && (jaasConfig.value() != null || jaasEntry.value() != null)) {
            throw new IllegalArgumentException("--realm and --jaas-config cannot be given together: the web apps"
                    + " have one realm");
        }
        if ((jaasConfig.value() == null) != (jaasEntry.value() == null)) {
            throw new IllegalArgumentException(jaasConfig.value() == null ? "--jaas-entry needs --jaas-config FILE"
                    : "--jaas-config needs --jaas-entry NAME (the entry of the file to log in with)");
        }
        if (jaasConfig.value() == null && (jaasUserClasses.value() != null || jaasRoleClasses.value() != null)) {
            throw new IllegalArgumentException((jaasUserClasses.value() == null ? "--jaas-role-class" : "--jaas-user-class")
                    + " needs --jaas-config FILE");
        }
    }

    /**
     * Reads the realm the options name, once, for every web app.
     *
     * @return the realm, or {@code null} when no option names one
     * @throws IOException when its file cannot be read (the message names the file)
     * @throws IllegalArgumentException when its file is malformed ({@code FILE line N: ...}) or has no
     *     such JAAS entry
     */
    Realm open() throws IOException {
        if (usersFile.value() != null) {
            return UsersFileRealm.open(usersFile.value());
        }
        if (jaasConfig.value() != null) {
            return JaasRealm.open(jaasConfig.value(), jaasEntry.value(),
                    jaasUserClasses.value() != null ? jaasUserClasses.value() : List.of(),
                    jaasRoleClasses.value() != null ? jaasRoleClasses.value() : JaasRealm.DEFAULT_ROLE_CLASS_NAMES);
        }
        return null;
    }

    /** @return the option that named the realm, for messages: {@code --realm} or {@code --jaas-config} */
    String option() {
        return usersFile.value() != null ? "--realm" : "--jaas-config";
    }
}
