package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Keeps docs/sdk.md honest: every ```java block of its SDK part must appear in {@link UsageExamples}, which the
 * build compiles. Indentation is ignored (a snippet sits deeper inside a method than in the doc).
 */
class DocsExamplesTest {

    /** Surefire runs in the module directory, so the repository's docs are one level up. */
    private static final Path DOC = Path.of("..", "docs", "sdk.md");
    private static final Path EXAMPLES = Path.of("src", "test", "java", "dev", "inboxes", "sdk", "UsageExamples.java");
    private static final Pattern JAVA_BLOCK =
            Pattern.compile("^```java\\R(.*?)^```", Pattern.DOTALL | Pattern.MULTILINE);

    /** Where the SDK's part of the doc ends; the generated clients' snippets are the app's tests (GeneratedClientTest). */
    private static final String GENERATED_CLIENTS = "\n## Generated clients";

    @Test
    void everyJavaSnippetInTheDocIsCompiledCode() throws IOException {
        String doc = Files.readString(DOC);
        List<String> snippets = javaBlocks(doc.contains(GENERATED_CLIENTS) ? doc.substring(0, doc.indexOf(GENERATED_CLIENTS)) : doc);
        String examples = trimLines(Files.readString(EXAMPLES));

        assertThat(snippets).as("java blocks in " + DOC).hasSizeGreaterThanOrEqualTo(8);
        for (String snippet : snippets) {
            assertThat(examples)
                    .as("this snippet of docs/sdk.md is missing from UsageExamples.java:%n%s", snippet)
                    .contains(snippet);
        }
    }

    private static List<String> javaBlocks(String markdown) {
        List<String> blocks = new ArrayList<>();
        Matcher block = JAVA_BLOCK.matcher(markdown);
        while (block.find()) {
            blocks.add(trimLines(block.group(1)).strip());
        }
        return blocks;
    }

    /** Strips each line's indentation (and trailing blanks), keeping the line breaks. */
    private static String trimLines(String text) {
        return text.lines().map(String::strip).collect(Collectors.joining("\n"));
    }
}
