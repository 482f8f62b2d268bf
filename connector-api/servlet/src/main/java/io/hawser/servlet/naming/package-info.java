/**
 * Each web app's read-only {@code java:comp/env} (env-entries, Servlet 6.1 §15.5.3) on the JDK's
 * {@code javax.naming} SPI: {@link io.hawser.servlet.naming.CompEnv} binds an app's entries to its
 * class loader and installs the process-wide initial context factory builder;
 * {@link io.hawser.servlet.naming.EnvEntryTypes} are the types an entry may have.
 */
package io.hawser.servlet.naming;
