package io.hawser.samples.boot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A plain Spring Boot 4 MVC application (REST JSON under {@code /api}, a Thymeleaf page at
 * {@code /}, Actuator) that knows nothing of its server: its build swaps
 * {@code spring-boot-starter-tomcat} for {@code hawser-spring-boot-starter}. Run
 * {@code java -jar samples/spring-boot/target/spring-boot-sample.jar [--server.port=N]}.
 */
@SpringBootApplication
public class SampleApplication {
    /**
     * @param args Spring Boot arguments, e.g. {@code --server.port=0}
     */
    public static void main(String[] args) {
        SpringApplication.run(SampleApplication.class, args);
    }
}
