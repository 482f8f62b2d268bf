package io.hawser.samples.boot;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * A greeting, as JSON: {@code {"id":1,"name":"Ada","message":"Hello, Ada!"}}.
 *
 * @param id assigned by the server; ignored on input
 * @param name who is greeted: not blank, at most 40 characters
 * @param message the greeting text; made by the server when absent
 */
public record Greeting(Long id, @NotBlank @Size(max = 40) String name, String message) {
}
