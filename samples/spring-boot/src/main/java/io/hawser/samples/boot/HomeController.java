package io.hawser.samples.boot;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The Thymeleaf page at {@code /}: a greeting for {@code ?name=} (default World). */
@Controller
public class HomeController {
    /**
     * @param name who to greet
     * @param model the page model
     * @return the {@code home} template
     */
    @GetMapping("/")
    public String home(@RequestParam(defaultValue = "World") String name, Model model) {
        model.addAttribute("name", name);
        return "home";
    }
}
