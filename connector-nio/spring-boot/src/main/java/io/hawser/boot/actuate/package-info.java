/** Actuator's management server on a port of its own, on Hawser. */
package io.hawser.boot.actuate;
