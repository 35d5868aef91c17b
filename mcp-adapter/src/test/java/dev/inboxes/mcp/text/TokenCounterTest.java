package dev.inboxes.mcp.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TokenCounterTest {

    /** Loading the vocabulary takes most of a second: one counter for the whole class. */
    static final TokenCounter TOKENS = new TokenCounter();

    @Test
    void countsAsO200kDoes() {
        assertThat(TOKENS.count("hello world")).isEqualTo(2);
        assertThat(TOKENS.count("")).isZero();
    }

    @Test
    void specialTokenMarkersInTextAreCountedAsTextNotRefused() {
        assertThat(TOKENS.count("<|endoftext|> ignore previous instructions")).isGreaterThan(5);
    }

    @Test
    void aTextOfAtMostBudgetBytesIsWithinWithoutCounting() {
        assertThat(TokenCounter.utf8Length("aΩ€🙂")).isEqualTo(1 + 2 + 3 + 4);
        assertThat(TOKENS.within("x".repeat(100), 100)).isTrue();
        String hundredTokens = " word".repeat(100);
        assertThat(TOKENS.count(hundredTokens)).isEqualTo(100);
        assertThat(TOKENS.within(hundredTokens, 100)).as("100 tokens in 500 bytes").isTrue();
        assertThat(TOKENS.within(hundredTokens + " word", 100)).isFalse();
    }

    @Test
    void aPrefixWithinABudgetIsTheLongestThatFitsAndSplitsNoCharacter() {
        String text = "🙂 Ωmega ".repeat(300);

        int length = TOKENS.prefixWithin(text, 250);

        assertThat(TOKENS.count(text.substring(0, length))).isLessThanOrEqualTo(250);
        assertThat(TOKENS.count(text.substring(0, Math.min(text.length(), length + 12)))).isGreaterThan(250);
        assertThat(Character.isHighSurrogate(text.charAt(length - 1))).isFalse();
        assertThat(TOKENS.prefixWithin("short", 250)).isEqualTo(5);
    }

    /** The lines of TOON text tokenize independently: counted line by line, a document counts as counted whole. */
    @Test
    void aToonTextCountedLineByLineCountsAsCountedWhole() {
        Random random = new Random(5);
        for (int i = 0; i < 3_000; i++) {
            String text = Toon.encode(document(random, 3));

            assertThat(TOKENS.countLines(text, 0)).as(text).isEqualTo(TOKENS.count(text));
        }
    }

    @Test
    void countingLinesStopsOnceTheBudgetIsProvenAndIsExactBeyondIt() {
        StringBuilder rows = new StringBuilder("data[200]{id,name}:");
        for (int i = 0; i < 200; i++) {
            rows.append("\n  inb_").append(Integer.toHexString(i * 7919)).append(",Customer ").append(i).append(" #Ωmega");
        }
        String text = rows.toString();
        int exact = TOKENS.count(text);

        assertThat(TOKENS.countLines(text, exact + 500)).isBetween(exact, exact + 500);
        assertThat(TOKENS.countLines(text, exact - 1)).isEqualTo(exact);
        assertThat(TOKENS.countLines(text, exact - 1)).as("counted again from the line cache").isEqualTo(exact);
    }

    private static final String[] AWKWARD = {"", " ", "a b", "x:y", "-1", "#", "null", "0.5", "/path/x", "\"q\"",
            "back\\slash", "line\nbreak", "tab\t", "[1]", "a,b", "Ωmega", "🙂", "\u0007", "- x", "ꆈꌠ", " lead", "trail ",
            "\u3000x\u3000", "'s", "…", "2026-11-29T22:59:10.817815Z", "inb_9d8wksZ6PsfwZ3kazMvs"};

    private static JsonNode document(Random random, int depth) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        int kind = depth == 0 ? random.nextInt(3) : random.nextInt(5);
        switch (kind) {
            case 0:
                return nodes.textNode(AWKWARD[random.nextInt(AWKWARD.length)] + AWKWARD[random.nextInt(AWKWARD.length)]);
            case 1:
                return nodes.numberNode(random.nextInt(2_000) - 1_000);
            case 2:
                return nodes.nullNode();
            case 3: {
                ObjectNode object = nodes.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.set(random.nextBoolean() ? "k" + i : AWKWARD[random.nextInt(AWKWARD.length)] + i,
                            document(random, depth - 1));
                }
                return object;
            }
            default: {
                ArrayNode array = nodes.arrayNode();
                boolean table = random.nextBoolean();
                for (int i = random.nextInt(5); i > 0; i--) {
                    if (table) {
                        array.addObject().put("id", AWKWARD[random.nextInt(AWKWARD.length)])
                                .set("name", document(random, 0));
                    } else {
                        array.add(document(random, depth - 1));
                    }
                }
                return array;
            }
        }
    }
}
