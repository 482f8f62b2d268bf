package io.hawser.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CaseCatalogTest {

    @Test
    void theWholeCorpusParses() throws IOException {
        List<CaseCatalog.Entry> entries = CaseCatalog.load(CaseCatalog.resourceRoot("conformance/public"));
        assertThat(entries).allSatisfy(e -> assertThat(e.error()).as(e.id()).isNull());
        Map<String, Long> groups = entries.stream()
                .collect(Collectors.groupingBy(CaseCatalog.Entry::group, TreeMap::new, Collectors.counting()));
        assertThat(groups).containsExactlyEntriesOf(new TreeMap<>(Map.ofEntries(
                Map.entry("expect-continue", 8L), Map.entry("framing", 41L), Map.entry("headers", 21L),
                Map.entry("host", 14L), Map.entry("http10", 10L), Map.entry("keepalive", 12L),
                Map.entry("limits", 11L), Map.entry("methods", 10L), Map.entry("request-line", 25L),
                Map.entry("response", 8L), Map.entry("smuggling", 22L), Map.entry("split-delivery", 12L),
                Map.entry("timeouts", 5L))));
        assertThat(entries).extracting(CaseCatalog.Entry::id).isSorted().contains("framing/te-identity");
        assertThat(entries.stream().filter(e -> e.caseFile().requires().contains("idle-timeout")))
                .extracting(CaseCatalog.Entry::group).containsOnly("timeouts");
    }
}
