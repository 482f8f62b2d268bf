package io.hawser.samples.guestbook;

import java.time.Instant;

/**
 * One signature in the guestbook.
 *
 * @param name who signed
 * @param message what they wrote
 * @param at when
 */
public record Entry(String name, String message, Instant at) {
}
