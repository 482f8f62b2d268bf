/**
 * Hawser as Spring Boot 4's embedded servlet web server: {@link io.hawser.boot.HawserServletWebServerFactory}
 * and {@link io.hawser.boot.HawserWebServer}, registered by
 * {@link io.hawser.boot.HawserServletWebServerAutoConfiguration} (listed in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}), with the
 * {@code server.hawser.*} properties of {@link io.hawser.boot.HawserServerProperties}. See
 * {@code docs/spring-boot.md}.
 */
package io.hawser.boot;
