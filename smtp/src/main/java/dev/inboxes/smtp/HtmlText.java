package dev.inboxes.smtp;

import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Readable text from an HTML body, for messages without a text part: jsoup parses the HTML as a browser would;
 * this walk keeps the words, one paragraph or list item per line, and links as {@code text <url>}; scripts, styles
 * and markup disappear.
 */
final class HtmlText {

    private static final Set<String> SKIPPED = Set.of("head", "script", "style", "noscript", "template", "title", "svg");
    private static final Set<String> BLOCKS = Set.of("p", "div", "section", "article", "header", "footer", "main",
            "aside", "nav", "table", "thead", "tbody", "tfoot", "tr", "ul", "ol", "dl", "dt", "dd", "blockquote", "pre",
            "h1", "h2", "h3", "h4", "h5", "h6", "form", "fieldset", "address", "figure", "figcaption", "center", "hr");

    private HtmlText() {
    }

    static String of(String html) {
        Document document = Jsoup.parse(html);
        Walk walk = new Walk();
        NodeTraversor.traverse(walk, document.body() != null ? document.body() : document);
        return walk.text();
    }

    private static final class Walk implements NodeVisitor {

        private final StringBuilder out = new StringBuilder();
        private int skipping;
        private int preformatted;

        @Override
        public void head(Node node, int depth) {
            if (skipping > 0) {
                if (node instanceof Element element && SKIPPED.contains(element.normalName())) {
                    skipping++;
                }
                return;
            }
            if (node instanceof TextNode text) {
                append(preformatted > 0 ? text.getWholeText() : collapse(text.getWholeText()));
            } else if (node instanceof Element element) {
                String name = element.normalName();
                if (SKIPPED.contains(name)) {
                    skipping++;
                } else if (name.equals("br")) {
                    out.append('\n');
                } else if (name.equals("li")) {
                    newLine();
                    out.append("- ");
                } else if (name.equals("td") || name.equals("th")) {
                    if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
                        out.append(' ');
                    }
                } else if (BLOCKS.contains(name)) {
                    newLine();
                    if (name.equals("pre")) {
                        preformatted++;
                    }
                }
            }
        }

        @Override
        public void tail(Node node, int depth) {
            if (!(node instanceof Element element)) {
                return;
            }
            String name = element.normalName();
            if (skipping > 0) {
                if (SKIPPED.contains(name)) {
                    skipping--;
                }
                return;
            }
            if (name.equals("a")) {
                String href = element.attr("href").trim();
                if (isLink(href) && !element.text().trim().equals(href) && !element.text().trim().equals(mailto(href))) {
                    append(" <" + href + ">");
                }
            } else if (name.equals("img")) {
                String alt = element.attr("alt").trim();
                if (!alt.isEmpty()) {
                    append("[" + collapse(alt) + "]");
                }
            } else if (BLOCKS.contains(name) || name.equals("li")) {
                if (name.equals("pre")) {
                    preformatted--;
                }
                newLine();
                if (name.equals("p") || name.startsWith("h") && name.length() == 2 || name.equals("blockquote")) {
                    out.append('\n'); // a blank line after paragraphs and headings
                }
            }
        }

        private void append(String text) {
            if (text.isEmpty()) {
                return;
            }
            boolean lineStart = out.length() == 0 || out.charAt(out.length() - 1) == '\n';
            if (lineStart && preformatted == 0) {
                text = text.stripLeading();
            } else if (!lineStart && out.charAt(out.length() - 1) == ' ' && text.startsWith(" ")) {
                text = text.substring(1);
            }
            out.append(text);
        }

        private void newLine() {
            while (out.length() > 0 && out.charAt(out.length() - 1) == ' ') {
                out.setLength(out.length() - 1);
            }
            if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
                out.append('\n');
            }
        }

        String text() {
            return out.toString().replaceAll("[ \\t]+\n", "\n").replaceAll("\n{3,}", "\n\n").strip();
        }

        private static String collapse(String text) {
            return text.replaceAll("[\\s\\u00a0]+", " ");
        }

        private static boolean isLink(String href) {
            String lower = href.toLowerCase(java.util.Locale.ROOT);
            return lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("mailto:");
        }

        private static String mailto(String href) {
            return href.regionMatches(true, 0, "mailto:", 0, 7) ? href.substring(7) : href;
        }
    }
}
