package io.hawser.launcher;

import io.hawser.security.JaasRealm;
import io.hawser.security.Realm;
import io.hawser.security.UsersFileRealm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Who the users of every deployed web app are, and where a CONFIDENTIAL constraint sends a request
 * that is not secure: a users file ({@code --realm}, {@link UsersFileRealm}) or a JAAS login
 * configuration entry ({@code --jaas-config} with {@code --jaas-entry}, {@link JaasRealm}), or
 * neither (an app that needs a realm is then refused), and {@code --confidential-port}.
 */
final class RealmOptions {
    @Option(names = "--realm", paramLabel = "FILE",
            description = "the users of the web apps: a users file (NAME:HASH[:ROLES] lines, hashes made with"
                    + " hawser hash-password), read again when it changes (default: no users)")
    Path usersFile;

    @Option(names = "--jaas-config", paramLabel = "FILE",
            description = "the users of the web apps come from JAAS: a login configuration file (with --jaas-entry;"
                    + " not with --realm)")
    Path jaasConfig;

    @Option(names = "--jaas-entry", paramLabel = "NAME", description = "the entry of --jaas-config to log in with")
    String jaasEntry;

    @Option(names = "--jaas-user-class", paramLabel = "CLASS", split = ",",
            description = "with --jaas-config: the user principal's classes, comma-separated (default: the first"
                    + " principal that is not a role)")
    List<String> jaasUserClasses;

    @Option(names = "--jaas-role-class", paramLabel = "CLASS", split = ",",
            description = "with --jaas-config: the role principals' classes, comma-separated (default"
                    + " io.hawser.security.RolePrincipal)")
    List<String> jaasRoleClasses;

    @Option(names = "--confidential-port", paramLabel = "PORT",
            description = "the HTTPS port a CONFIDENTIAL constraint redirects a plain request to; 0: none, such a"
                    + " request gets 403 (default: ${DEFAULT-VALUE})")
    int confidentialPort = 0;

    /**
     * Checks the options agree, before anything is read.
     *
     * @throws IllegalArgumentException naming the option at fault, in the words
     *     {@link Hawser#asOptionMessage} turns into the option's name
     */
    void check() {
        if (confidentialPort < 0 || confidentialPort > 65535) {
            throw new IllegalArgumentException("confidentialPort must be in 0..65535: " + confidentialPort);
        }
        if (usersFile != null && (jaasConfig != null || jaasEntry != null)) {
            throw new IllegalArgumentException("--realm and --jaas-config cannot be given together: the web apps"
                    + " have one realm");
        }
        if ((jaasConfig == null) != (jaasEntry == null)) {
            throw new IllegalArgumentException(jaasConfig == null ? "--jaas-entry needs --jaas-config FILE"
                    : "--jaas-config needs --jaas-entry NAME (the entry of the file to log in with)");
        }
        if (jaasConfig == null && (jaasUserClasses != null || jaasRoleClasses != null)) {
            throw new IllegalArgumentException((jaasUserClasses == null ? "--jaas-role-class" : "--jaas-user-class")
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
        if (usersFile != null) {
            return UsersFileRealm.open(usersFile);
        }
        if (jaasConfig != null) {
            return JaasRealm.open(jaasConfig, jaasEntry, jaasUserClasses != null ? jaasUserClasses : List.of(),
                    jaasRoleClasses != null ? jaasRoleClasses : JaasRealm.DEFAULT_ROLE_CLASS_NAMES);
        }
        return null;
    }

    /** @return the option that named the realm, for messages: {@code --realm} or {@code --jaas-config} */
    String option() {
        return usersFile != null ? "--realm" : "--jaas-config";
    }
}
