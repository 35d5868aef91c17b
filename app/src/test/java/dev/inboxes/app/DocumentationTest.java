package dev.inboxes.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documents stay navigable and complete: every relative link and anchor in README.md and docs/ leads
 * somewhere, the docs index lists every document, and the route tables list every operation of the served spec.
 */
class DocumentationTest {

    private static final Path ROOT = Path.of("..");
    private static final Path DOCS = ROOT.resolve("docs");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path document : documents()) {
            for (String target : links(document)) {
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto:: not this test's business
                }
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                Path linked = file.isEmpty() ? document : document.getParent().resolve(file).normalize();
                if (!Files.exists(linked)) {
                    broken.add(ROOT.relativize(document) + ": " + target + " (no such file)");
                } else if (anchor != null && linked.toString().endsWith(".md") && !anchors(linked).contains(anchor)) {
                    broken.add(ROOT.relativize(document) + ": " + target + " (no such heading; "
                            + ROOT.relativize(linked) + " has " + anchors(linked) + ")");
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void theDocsIndexListsEveryDocument() throws IOException {
        String index = Files.readString(DOCS.resolve("README.md"));
        try (Stream<Path> files = Files.list(DOCS)) {
            files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".md") && !name.equals("README.md"))
                    .forEach(name -> assertThat(index).as("docs/README.md links %s", name).contains("](" + name));
        }
        assertThat(Files.readString(ROOT.resolve("README.md"))).contains("](docs/README.md)");
    }

    /** The README's route table and docs/sdk.md's operation table name every operation of docs/openapi.json. */
    @Test
    void theRouteTablesListEveryOperationOfTheSpec() throws IOException {
        JsonNode spec = new ObjectMapper().readTree(DOCS.resolve("openapi.json").toFile());
        String readme = Files.readString(ROOT.resolve("README.md"));
        String sdk = Files.readString(DOCS.resolve("sdk.md"));
        List<String> operations = new ArrayList<>();
        spec.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(method -> {
            if (method.getValue().has("operationId")) {
                String route = method.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey();
                String id = method.getValue().path("operationId").asText();
                String tag = method.getValue().path("tags").path(0).asText();
                operations.add(id);
                assertThat(readme).as("README.md's API at a glance names %s", route)
                        .containsPattern("\\| `" + Pattern.quote(route.replace("{inbox_id}", "{id}"))
                                + "[`?]");
                assertThat(sdk).as("docs/sdk.md's operation table names %s", id)
                        .containsPattern("\\| `" + id + "` \\| `" + Pattern.quote(route) + "` \\| `" + tag + "`");
            }
        }));
        Matcher row = Pattern.compile("^\\| `([a-zA-Z]+)` \\| `[A-Z]+ /", Pattern.MULTILINE).matcher(sdk);
        Set<String> documented = new LinkedHashSet<>();
        while (row.find()) {
            documented.add(row.group(1));
        }
        assertThat(documented).as("operations in docs/sdk.md").containsExactlyInAnyOrderElementsOf(operations);
    }

    private static List<Path> documents() throws IOException {
        List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(DOCS)) {
            files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        return documents;
    }

    /** Link targets outside fenced code. */
    private static List<String> links(Path document) throws IOException {
        List<String> targets = new ArrayList<>();
        boolean inCode = false;
        for (String line : Files.readAllLines(document)) {
            if (FENCE.matcher(line).find()) {
                inCode = !inCode;
            } else if (!inCode) {
                Matcher link = LINK.matcher(line.replaceAll("`[^`]*`", ""));
                while (link.find()) {
                    targets.add(link.group(1));
                }
            }
        }
        return targets;
    }

    private static final Map<Path, Set<String>> ANCHORS = new HashMap<>();

    /** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens. */
    private static Set<String> anchors(Path document) {
        return ANCHORS.computeIfAbsent(document, file -> {
            Set<String> anchors = new LinkedHashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            boolean inCode = false;
            try {
                for (String line : Files.readAllLines(file)) {
                    if (FENCE.matcher(line).find()) {
                        inCode = !inCode;
                        continue;
                    }
                    Matcher heading = HEADING.matcher(line);
                    if (!inCode && heading.matches()) {
                        String slug = heading.group(1).trim().toLowerCase(Locale.ROOT)
                                .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                        int repeats = seen.merge(slug, 1, Integer::sum) - 1;
                        anchors.add(repeats == 0 ? slug : slug + "-" + repeats);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return anchors;
        });
    }
}
