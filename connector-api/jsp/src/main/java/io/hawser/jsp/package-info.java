/**
 * JSP pages for deployed web apps: {@link io.hawser.jsp.JasperSupport}, the
 * {@link io.hawser.deploy.JspSupport} of Apache Jasper (Jetty's {@code org.mortbay.jasper}
 * repackaging, compiling with the Eclipse compiler) and JSTL 3.0. Put this module on the server's
 * class path and the deployer serves {@code *.jsp} and {@code *.jspx}, {@code <jsp-file>} servlets
 * and {@code <jsp-config>}; without it, JSP is refused. See {@code docs/deployment.md}, "JSP pages".
 */
package io.hawser.jsp;
