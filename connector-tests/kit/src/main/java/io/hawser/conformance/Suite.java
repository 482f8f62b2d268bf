package io.hawser.conformance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Every case of the kit: the raw-socket corpus (in id order), then the jetty-client scenarios. */
public final class Suite {
    /** The corpus's folder on the class path. */
    public static final String CORPUS = "conformance/public";

    private Suite() {
    }

    /**
     * @return every case: the corpus's (a malformed case file is a case that fails) and the scenarios'
     * @throws IOException when the corpus cannot be read from the class path
     */
    public static List<KitCase> all() throws IOException {
        List<KitCase> out = new ArrayList<>();
        for (CaseCatalog.Entry e : CaseCatalog.load(CaseCatalog.resourceRoot(CORPUS))) {
            out.add(new CorpusCase(e));
        }
        out.addAll(ClientScenarios.all());
        return out;
    }

    /** @return the groups of {@code cases}, in order of first appearance */
    public static Set<String> groups(Collection<KitCase> cases) {
        Set<String> g = new LinkedHashSet<>();
        cases.forEach(c -> g.add(c.group()));
        return g;
    }

    /**
     * @param cases the cases to choose from
     * @param groups the groups wanted, or empty for all
     * @return the cases of those groups, in order
     * @throws IllegalArgumentException naming a group no case has
     */
    public static List<KitCase> select(List<KitCase> cases, Collection<String> groups) {
        if (groups.isEmpty()) {
            return cases;
        }
        Set<String> known = groups(cases);
        for (String g : groups) {
            if (!known.contains(g)) {
                throw new IllegalArgumentException("unknown group " + g + " (known: " + String.join(",", known) + ")");
            }
        }
        return cases.stream().filter(c -> groups.contains(c.group())).toList();
    }
}
