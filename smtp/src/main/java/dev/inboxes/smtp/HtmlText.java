package dev.inboxes.smtp;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Readable text from an HTML body, for messages without a text part: jsoup parses the HTML as a browser would;
 * this walk keeps the words, one paragraph or list item per line, and links as Markdown writes them,
 * {@code [text](url)}, so where a link's text starts and ends stays known (a link without text is {@code <url>}, one
 * whose text is its address stays as it is); scripts, styles
 * and markup disappear, and so does what a reader never sees: text hidden from people is where mail hides
 * instructions meant for machines. Hidden means, in a {@code style} attribute or in a rule of a {@code <style>}
 * element whose selectors are simple ({@code .class}, {@code #id}, {@code tag}, {@code tag.class}), after CSS comments
 * and escapes are undone: {@code display:none}, {@code visibility:hidden}, {@code mso-hide:all},
 * {@code font-size:0}, {@code opacity:0}, a {@code color} equal to the {@code background(-color)} of the same
 * declarations, or a position thousands of pixels off the page; and the {@code hidden} or {@code aria-hidden="true"}
 * attributes. A heuristic: what the cascade, inheritance or scripts hide otherwise stays (docs/agents.md).
 */
final class HtmlText {

    private static final Set<String> SKIPPED = Set.of("head", "script", "style", "noscript", "template", "title", "svg");
    private static final Pattern HIDDEN_STYLE = Pattern.compile(
            "(?i)(?:^|[;{])\\s*+(?:display\\s*+:\\s*+none|visibility\\s*+:\\s*+hidden|mso-hide\\s*+:\\s*+all"
            + "|font-size\\s*+:\\s*+0*+(?:\\.0*+)?+(?:px|pt|em|rem|%)?+\\s*+(?:!important\\s*+)?+(?:;|$)"
            + "|opacity\\s*+:\\s*+0*+(?:\\.0*+)?+\\s*+(?:!important\\s*+)?+(?:;|$)"
            + "|(?:left|top|text-indent|margin-left|margin-top)\\s*+:\\s*+-\\d{4,}+)");
    private static final Pattern COLOR = Pattern.compile("(?i)(?:^|;)\\s*+color\\s*+:\\s*+([^;!]++)");
    private static final Pattern BACKGROUND = Pattern.compile(
            "(?i)(?:^|;)\\s*+background(?:-color)?+\\s*+:\\s*+([^;!]++)");
    private static final Pattern CSS_COMMENT = Pattern.compile("/\\*(?s:.)*?\\*/");
    private static final Pattern CSS_ESCAPE = Pattern.compile("\\\\(?:([0-9a-fA-F]{1,6})\\s?|(.))");
    /** A selector this heuristic matches: {@code .class}, {@code #id}, {@code tag} or {@code tag.class}. */
    private static final Pattern SIMPLE_SELECTOR = Pattern.compile("[a-z0-9]*+(?:[.#][\\w-]++)?+");
    /** Bounds on the {@code <style>} rules honoured: each hidden one is a pass over the document. */
    private static final int MAX_STYLE_LENGTH = 100_000;
    private static final int MAX_HIDDEN_RULES = 32;
    /** Characters of a link's text that Markdown would read as syntax. */
    private static final Pattern MARKDOWN_TEXT = Pattern.compile("[\\\\\\[\\]]");
    private static final Set<String> BLOCKS = Set.of("p", "div", "section", "article", "header", "footer", "main",
            "aside", "nav", "table", "thead", "tbody", "tfoot", "tr", "ul", "ol", "dl", "dt", "dd", "blockquote", "pre",
            "h1", "h2", "h3", "h4", "h5", "h6", "form", "fieldset", "address", "figure", "figcaption", "center", "hr");

    private HtmlText() {
    }

    static String of(String html) {
        Document document = Jsoup.parse(html);
        Walk walk = new Walk(hiddenByStyleSheets(document));
        NodeTraversor.traverse(walk, document.body() != null ? document.body() : document);
        return walk.text();
    }

    /** The elements that simple rules of the document's {@code <style>} elements hide. */
    private static Set<Element> hiddenByStyleSheets(Document document) {
        Set<Element> hidden = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        int rules = 0;
        for (Element style : document.select("style")) {
            String sheet = style.data();
            String css = css(sheet.length() > MAX_STYLE_LENGTH ? sheet.substring(0, MAX_STYLE_LENGTH) : sheet);
            int from = 0;
            for (int open; rules < MAX_HIDDEN_RULES && (open = css.indexOf('{', from)) >= 0; ) {
                int close = css.indexOf('}', open);
                if (close < 0) {
                    break;
                }
                int nested = css.lastIndexOf('{', close);
                if (nested > open) { // an at-rule's block: its first rule starts after its brace
                    from = open + 1;
                    continue;
                }
                int selectorStart = Math.max(css.lastIndexOf('}', open), css.lastIndexOf(';', open)) + 1;
                String selectors = css.substring(Math.max(selectorStart, from), open);
                if (isHidden(css.substring(open + 1, close))) {
                    rules++;
                    for (String selector : selectors.split(",")) {
                        String simple = selector.strip().toLowerCase(java.util.Locale.ROOT);
                        if (!simple.isEmpty() && SIMPLE_SELECTOR.matcher(simple).matches()) {
                            hidden.addAll(document.select(simple));
                        }
                    }
                }
                from = close + 1;
            }
        }
        return hidden;
    }

    /** CSS as a browser reads it: comments out, escapes undone ({@code di\\73 play} is {@code display}). */
    private static String css(String css) {
        String plain = CSS_COMMENT.matcher(css).replaceAll(" ");
        if (plain.indexOf('\\') < 0) {
            return plain;
        }
        return CSS_ESCAPE.matcher(plain).replaceAll(escape -> {
            if (escape.group(1) == null) {
                return java.util.regex.Matcher.quoteReplacement(escape.group(2));
            }
            int codePoint = Integer.parseInt(escape.group(1), 16);
            return java.util.regex.Matcher.quoteReplacement(Character.isValidCodePoint(codePoint) && codePoint != 0
                    ? new String(Character.toChars(codePoint)) : "\uFFFD");
        });
    }

    /** Whether these declarations hide their element. */
    private static boolean isHidden(String declarations) {
        if (HIDDEN_STYLE.matcher(declarations).find()) {
            return true;
        }
        java.util.regex.Matcher color = COLOR.matcher(declarations);
        java.util.regex.Matcher background = BACKGROUND.matcher(declarations);
        return color.find() && background.find()
                && color.group(1).strip().equalsIgnoreCase(background.group(1).strip());
    }

    private static final class Walk implements NodeVisitor {

        private final Set<Element> hidden;
        private final StringBuilder out = new StringBuilder();
        /** Where the text of each open link starts in {@code out}. */
        private final Deque<Integer> anchors = new ArrayDeque<>();
        private int skipping;
        private int preformatted;

        Walk(Set<Element> hidden) {
            this.hidden = hidden;
        }

        @Override
        public void head(Node node, int depth) {
            if (skipping > 0) {
                if (node instanceof Element element && isSkipped(element)) {
                    skipping++;
                }
                return;
            }
            if (node instanceof TextNode text) {
                append(preformatted > 0 ? text.getWholeText() : collapse(text.getWholeText()));
            } else if (node instanceof Element element) {
                String name = element.normalName();
                if (isSkipped(element)) {
                    skipping++;
                } else if (name.equals("a") && isLink(href(element))) {
                    anchors.push(out.length());
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
                if (isSkipped(element)) {
                    skipping--;
                }
                return;
            }
            if (name.equals("a")) {
                String href = href(element);
                if (isLink(href) && !anchors.isEmpty()) {
                    link(anchors.pop(), href);
                }
            } else if (name.equals("img")) {
                String alt = element.attr("alt").trim();
                if (!alt.isEmpty()) {
                    append(anchors.isEmpty() ? "[" + collapse(alt) + "]" : collapse(alt)); // a link's text as it is
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

        /** Elements whose content is no text for the reader: scripts and styles, and what is hidden. */
        private boolean isSkipped(Element element) {
            return SKIPPED.contains(element.normalName()) || element.hasAttr("hidden")
                    || element.attr("aria-hidden").equalsIgnoreCase("true") || hidden.contains(element)
                    || element.hasAttr("style") && isHidden(css(element.attr("style")));
        }

        /** The text written since {@code start}, the link's, as {@code [text](href)} on one line. */
        private void link(int start, String href) {
            String region = out.substring(start);
            String label = collapse(region).strip();
            if (label.equals(href) || label.equals(mailto(href))) {
                return; // the address is its own text
            }
            int leading = 0;
            while (leading < region.length() && Character.isWhitespace(region.charAt(leading))) {
                leading++;
            }
            int trailing = region.length();
            while (trailing > leading && Character.isWhitespace(region.charAt(trailing - 1))) {
                trailing--;
            }
            out.setLength(start);
            out.append(region, 0, leading);
            if (label.isEmpty()) {
                if (leading == 0 && out.length() > 0 && !Character.isWhitespace(out.charAt(out.length() - 1))) {
                    out.append(' ');
                }
                out.append('<').append(href).append('>');
            } else {
                out.append('[').append(MARKDOWN_TEXT.matcher(label).replaceAll("\\\\$0")).append("](")
                        .append(destination(href)).append(')');
            }
            out.append(region, trailing, region.length());
        }

        /** A link's address as Markdown takes it: in angle brackets when it holds brackets or spaces. */
        private static String destination(String href) {
            String safe = href.replace(" ", "%20").replace("<", "%3C").replace(">", "%3E");
            return safe.indexOf('(') >= 0 || safe.indexOf(')') >= 0 ? "<" + safe + ">" : safe;
        }

        private static String href(Element element) {
            return element.attr("href").trim();
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
