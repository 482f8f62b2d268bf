package io.hawser.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The single self-contained HTML report ({@code report.html}: inline style, no script, no external
 * resource), written as well-formed XHTML so tools can parse it: a summary per group, then one
 * {@code <section class="case" id="CASE-ID">} per case with its verdict, reasons, RFC sections and
 * the bytes sent and received (escaped: {@code \r}, {@code \n}, {@code \xNN}).
 */
final class HtmlReport {
    /** The file name in the report folder. */
    static final String FILE = "report.html";

    private static final String STYLE = "body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}"
            + "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left}pre{background:#f6f6f6;padding:6px;"
            + "white-space:pre-wrap;word-break:break-all;max-height:30em;overflow:auto}"
            + ".PASS{color:#060}.FAIL{color:#b00;font-weight:bold}.SKIP{color:#777}.DEVIATION{color:#a60}"
            + "section.case{border-top:1px solid #ccc;margin-top:1em}";

    private HtmlReport() {
    }

    /**
     * @param dir the report folder (created when missing)
     * @param target the base URL the run was against
     * @param reports the cases' reports
     * @return the file written
     */
    static Path write(Path dir, String target, List<CaseReport> reports) throws IOException {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
                + "<meta charset=\"utf-8\"/>\n<title>hawser-conformance: ").append(Markup.escape(target))
                .append("</title>\n<style>").append(STYLE).append("</style>\n</head>\n<body>\n<h1>HTTP/1.1 conformance of ")
                .append(Markup.escape(target)).append("</h1>\n");
        summary(h, reports);
        for (CaseReport r : reports) {
            h.append("<section class=\"case\" id=\"").append(Markup.escape(r.id())).append("\">\n<h3><span class=\"")
                    .append(r.verdict()).append("\">").append(r.verdict()).append("</span> ")
                    .append(Markup.escape(r.id())).append("</h3>\n<p>").append(Markup.escape(r.title()))
                    .append("</p>\n<p>RFC: <span class=\"rfc\">").append(Markup.escape(r.rfc()))
                    .append("</span> · ").append(r.millis()).append(" ms</p>\n");
            if (!r.reasons().isEmpty()) {
                h.append("<ul>\n");
                r.reasons().forEach(x -> h.append("<li>").append(Markup.escape(x)).append("</li>\n"));
                h.append("</ul>\n");
            }
            h.append("<p>sent (").append(r.sent().length).append(" bytes)</p>\n<pre class=\"sent\">")
                    .append(Markup.escape(Markup.bytes(r.sent()))).append("</pre>\n<p>received (")
                    .append(r.received().length).append(" bytes)</p>\n<pre class=\"received\">")
                    .append(Markup.escape(Markup.bytes(r.received()))).append("</pre>\n</section>\n");
        }
        h.append("</body>\n</html>\n");
        Files.createDirectories(dir);
        return Files.write(dir.resolve(FILE), Markup.utf8(h.toString()));
    }

    private static void summary(StringBuilder h, List<CaseReport> reports) {
        Map<String, Map<CaseReport.Verdict, Integer>> counts = new LinkedHashMap<>();
        for (CaseReport r : reports) {
            counts.computeIfAbsent(r.group(), g -> new EnumMap<>(CaseReport.Verdict.class)).merge(r.verdict(), 1, Integer::sum);
        }
        h.append("<table class=\"summary\">\n<tr><th>group</th>");
        for (CaseReport.Verdict v : CaseReport.Verdict.values()) {
            h.append("<th>").append(v).append("</th>");
        }
        h.append("</tr>\n");
        counts.forEach((g, c) -> {
            h.append("<tr><td>").append(Markup.escape(g)).append("</td>");
            for (CaseReport.Verdict v : CaseReport.Verdict.values()) {
                h.append("<td>").append(c.getOrDefault(v, 0)).append("</td>");
            }
            h.append("</tr>\n");
        });
        h.append("</table>\n<ul>\n");
        for (CaseReport r : reports) {
            if (r.verdict() != CaseReport.Verdict.PASS) {
                h.append("<li><a href=\"#").append(Markup.escape(r.id())).append("\">").append(r.verdict()).append(' ')
                        .append(Markup.escape(r.id())).append("</a></li>\n");
            }
        }
        h.append("</ul>\n");
    }
}
