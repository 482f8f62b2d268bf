package io.hawser.samples.boot;

import jakarta.servlet.http.HttpSession;
import jakarta.validation.Valid;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.server.ResponseStatusException;

/**
 * The JSON API under {@code /api}: greetings (GET, POST with validation), a multipart upload that
 * answers the file's size and SHA-256, a per-session visit counter, {@code /api/async} answered from
 * another thread through the servlet async API, and {@code /api/slow} that
 * answers once {@link #release()} is called (or after 10 s), for graceful-shutdown tests.
 */
@RestController
@RequestMapping("/api")
public class GreetingController {
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Greeting> greetings = new ConcurrentHashMap<>();
    private volatile CountDownLatch slow = new CountDownLatch(1);
    private final CountDownLatch slowStarted = new CountDownLatch(1);

    /**
     * @param name who to greet; default {@code World}
     * @return {@code {"id":null,"name":NAME,"message":"Hello, NAME!"}}
     */
    @GetMapping("/greeting")
    public Greeting greeting(@RequestParam(defaultValue = "World") String name) {
        return new Greeting(null, name, "Hello, " + name + "!");
    }

    /**
     * @param greeting the greeting; invalid → 400 with Boot's error body
     * @return 201 with the stored greeting
     */
    @PostMapping("/greetings")
    public ResponseEntity<Greeting> create(@Valid @RequestBody Greeting greeting) {
        long id = ids.incrementAndGet();
        String message = greeting.message() != null ? greeting.message() : "Hello, " + greeting.name() + "!";
        Greeting stored = new Greeting(id, greeting.name(), message);
        greetings.put(id, stored);
        return ResponseEntity.status(HttpStatus.CREATED).body(stored);
    }

    /**
     * @param id a stored greeting's id
     * @return it; 404 through Boot's error handling when there is none
     */
    @GetMapping("/greetings/{id}")
    public Greeting get(@PathVariable long id) {
        Greeting g = greetings.get(id);
        if (g == null) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no greeting " + id);
        }
        return g;
    }

    /** @return every stored greeting, by id */
    @GetMapping("/greetings")
    public List<Greeting> list() {
        return greetings.values().stream().sorted((a, b) -> Long.compare(a.id(), b.id())).toList();
    }

    /**
     * @param file the part named {@code file}
     * @return {@code {"name":..., "size":..., "sha256":...}}
     * @throws IOException when the part cannot be read
     */
    @PostMapping("/upload")
    public Map<String, Object> upload(@RequestParam("file") MultipartFile file) throws IOException {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(file.getBytes());
            return Map.of("name", String.valueOf(file.getOriginalFilename()), "size", file.getSize(),
                    "sha256", HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param session the visitor's session (created on first visit)
     * @return {@code {"visits":N}}: 1 on the first request of a session, then 2, 3 ...
     */
    @GetMapping("/visits")
    public Map<String, Object> visits(HttpSession session) {
        Integer n = (Integer) session.getAttribute("visits");
        int visits = n == null ? 1 : n + 1;
        session.setAttribute("visits", visits);
        return Map.of("visits", visits);
    }

    /**
     * @param name who to greet
     * @return {@code Hello, NAME!}, computed on Spring MVC's task executor (a servlet async request)
     */
    @GetMapping("/async")
    public Callable<String> async(@RequestParam(defaultValue = "World") String name) {
        return () -> "Hello, " + name + "! (on " + (Thread.currentThread().getName().startsWith("hawser") ? "a Hawser"
                : "another") + " thread)";
    }

    /**
     * @return {@code slow done} once released
     * @throws InterruptedException when interrupted
     */
    @GetMapping("/slow")
    public String slow() throws InterruptedException {
        CountDownLatch latch = slow;
        slowStarted.countDown();
        latch.await(10, TimeUnit.SECONDS);
        return "slow done";
    }

    /**
     * @param timeoutSeconds how long to wait
     * @return whether a {@code /api/slow} request has started
     * @throws InterruptedException when interrupted
     */
    public boolean awaitSlowStarted(long timeoutSeconds) throws InterruptedException {
        return slowStarted.await(timeoutSeconds, TimeUnit.SECONDS);
    }

    /** Lets the waiting {@code /api/slow} requests answer. */
    public void release() {
        slow.countDown();
    }
}
