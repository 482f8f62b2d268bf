/** Connector meters for Micrometer, bound when the application has a {@code MeterRegistry}. */
package io.hawser.boot.metrics;
