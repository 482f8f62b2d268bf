package io.hawser.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order of a web app's fragments (Servlet 6.1 §8.2.2), and which of them count at all.
 *
 * <p>With an {@code <absolute-ordering>} in web.xml: the named fragments in its order, {@code <others/>}
 * standing for every fragment it does not name (named or not, by jar name); without
 * {@code <others/>}, a fragment it does not name is left out: its descriptor, its annotations and its
 * {@code ServletContainerInitializer}s are not used. A name no fragment has is ignored. The relative
 * {@code <ordering>} of fragments is then ignored.
 *
 * <p>Otherwise, relative ordering: every {@code before}/{@code after} of a name is an edge; the order
 * is a stable topological sort that, whenever it may choose, takes first a fragment with
 * {@code <before><others/>} (or one that must precede such a fragment), last one with
 * {@code <after><others/>} (or one that must follow such a fragment), and else the first by jar name.
 * A cycle is refused, naming the fragments on it. Without any ordering the order is the jars' names.
 *
 * @param fragments the fragments that count, in order
 * @param explicit whether web.xml or a fragment declared an ordering ({@code ORDERED_LIBS} is set then)
 */
record FragmentOrder(List<WebFragment> fragments, boolean explicit) {

    /**
     * @param absoluteOrdering web.xml's {@code <absolute-ordering>} ({@link WebXml#absoluteOrdering()}), or null
     * @param all every jar of {@code WEB-INF/lib} as a fragment, by jar name
     * @return the fragments that count, in order
     * @throws DeploymentException for two fragments of the same name, or a relative-ordering cycle
     */
    static FragmentOrder of(List<String> absoluteOrdering, List<WebFragment> all) throws DeploymentException {
        Map<String, WebFragment> byName = new LinkedHashMap<>();
        for (WebFragment f : all) {
            WebFragment other = f.name() == null ? null : byName.putIfAbsent(f.name(), f);
            if (other != null) {
                throw new DeploymentException(null, f.label() + " <name>", "\"" + f.name() + "\" is also the name of "
                        + other.label() + "; fragment names must be unique (Servlet 6.1 §8.2.2)", null);
            }
        }
        if (absoluteOrdering != null) {
            return new FragmentOrder(absolute(absoluteOrdering, all, byName), true);
        }
        if (all.stream().noneMatch(WebFragment::ordered)) {
            return new FragmentOrder(List.copyOf(all), false);
        }
        return new FragmentOrder(relative(all, byName), true);
    }

    /** @return the jar file names in order, as {@code ServletContext.ORDERED_LIBS} lists them */
    List<String> orderedLibs() {
        return fragments.stream().map(WebFragment::fileName).toList();
    }

    private static List<WebFragment> absolute(List<String> order, List<WebFragment> all, Map<String, WebFragment> byName) {
        Set<WebFragment> named = new LinkedHashSet<>();
        for (String n : order) {
            if (byName.containsKey(n)) {
                named.add(byName.get(n));
            }
        }
        List<WebFragment> out = new ArrayList<>();
        boolean othersDone = false;
        for (String n : order) {
            if (n.equals(WebXml.OTHERS) && !othersDone) {
                othersDone = true;
                all.stream().filter(f -> !named.contains(f)).forEach(out::add);
            } else if (byName.containsKey(n) && !out.contains(byName.get(n))) {
                out.add(byName.get(n));
            }
        }
        return List.copyOf(out);
    }

    private static List<WebFragment> relative(List<WebFragment> all, Map<String, WebFragment> byName)
            throws DeploymentException {
        Map<WebFragment, Set<WebFragment>> next = new LinkedHashMap<>();
        Map<WebFragment, Integer> incoming = new LinkedHashMap<>();
        for (WebFragment f : all) {
            next.put(f, new LinkedHashSet<>());
            incoming.put(f, 0);
        }
        for (WebFragment f : all) {
            for (String n : f.before()) {
                edge(next, incoming, f, byName.get(n));
            }
            for (String n : f.after()) {
                edge(next, incoming, byName.get(n), f);
            }
        }
        Map<WebFragment, Integer> rank = new LinkedHashMap<>();
        for (WebFragment f : all) {
            // one that must precede a <before><others/> fragment goes early too, one that must follow an
            // <after><others/> fragment late (§8.2.2 examples)
            rank.put(f, reach(f, next, true).stream().anyMatch(WebFragment::beforeOthers) ? 0
                    : reach(f, next, false).stream().anyMatch(WebFragment::afterOthers) ? 2 : 1);
        }
        List<WebFragment> out = new ArrayList<>();
        List<WebFragment> left = new ArrayList<>(all);
        while (!left.isEmpty()) {
            WebFragment pick = null;
            for (WebFragment f : left) {
                if (incoming.get(f) == 0 && (pick == null || rank.get(f) < rank.get(pick))) {
                    pick = f;
                }
            }
            if (pick == null) {
                throw cycle(left, next);
            }
            left.remove(pick);
            out.add(pick);
            for (WebFragment n : next.get(pick)) {
                incoming.merge(n, -1, Integer::sum);
            }
        }
        return List.copyOf(out);
    }

    private static void edge(Map<WebFragment, Set<WebFragment>> next, Map<WebFragment, Integer> incoming,
                             WebFragment from, WebFragment to) {
        if (from != null && to != null && from != to && next.get(from).add(to)) {
            incoming.merge(to, 1, Integer::sum);
        }
    }

    /** @return {@code f} and every fragment after it ({@code down}) or before it, transitively */
    private static Set<WebFragment> reach(WebFragment f, Map<WebFragment, Set<WebFragment>> next, boolean down) {
        Set<WebFragment> seen = new LinkedHashSet<>();
        List<WebFragment> todo = new ArrayList<>(List.of(f));
        while (!todo.isEmpty()) {
            WebFragment at = todo.remove(todo.size() - 1);
            if (seen.add(at)) {
                for (Map.Entry<WebFragment, Set<WebFragment>> e : next.entrySet()) {
                    if (down && e.getKey() == at) {
                        todo.addAll(e.getValue());
                    } else if (!down && e.getValue().contains(at)) {
                        todo.add(e.getKey());
                    }
                }
            }
        }
        return seen;
    }

    /** @return the refusal naming the fragments of one cycle among those that could not be placed */
    private static DeploymentException cycle(List<WebFragment> left, Map<WebFragment, Set<WebFragment>> next) {
        // every fragment left has a predecessor left: walking back from any of them must close a cycle
        List<WebFragment> path = new ArrayList<>();
        WebFragment at = left.get(0);
        while (!path.contains(at)) {
            path.add(at);
            for (WebFragment p : left) {
                if (next.get(p).contains(at)) {
                    at = p;
                    break;
                }
            }
        }
        List<WebFragment> loop = new ArrayList<>(path.subList(path.indexOf(at), path.size()));
        java.util.Collections.reverse(loop);
        // start the message at the cycle's first jar by name
        java.util.Collections.rotate(loop, -loop.indexOf(loop.stream().min(
                java.util.Comparator.comparingInt(left::indexOf)).orElseThrow()));
        List<String> names = new ArrayList<>();
        for (WebFragment f : loop) {
            names.add(f.describe());
        }
        names.add(loop.get(0).describe());
        return new DeploymentException(null, "WEB-INF/lib <ordering>", "the web fragments' <before> and <after>"
                + " form a cycle: " + String.join(" before ", names) + " (Servlet 6.1 §8.2.2)", null);
    }
}
