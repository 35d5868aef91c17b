package dev.inboxes.mcp.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inboxes.mcp.testing.LosslessText;
import dev.inboxes.mcp.testing.ToonReader;
import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The encoder against the TOON specification (v3.3): one case per rule, section by section, then round trips
 * of random documents through a strict decoder.
 */
class ToonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String toon(String json) {
        try {
            return Toon.encode(JSON.readTree(json));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Nested
    class Primitives {

        @Test
        void literalsAndSafeStringsAreBare() {
            assertThat(toon("{\"a\":true,\"b\":false,\"c\":null,\"d\":\"plain text\",\"e\":\"Ωmega ✓\"}"))
                    .isEqualTo("a: true\nb: false\nc: null\nd: plain text\ne: Ωmega ✓");
        }

        /** §7.2: each reason to quote a string. */
        @ParameterizedTest
        @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
                "``|`\"\"`", "` padded`|`\" padded\"`", "`padded `|`\"padded \"`", "true|`\"true\"`", "null|`\"null\"`",
                "42|`\"42\"`", "-3.14|`\"-3.14\"`", "1e-6|`\"1e-6\"`", "05|`\"05\"`", "+1|`\"+1\"`",
                "a:b|`\"a:b\"`", "2026-11-29T22:59:10.817815Z|`\"2026-11-29T22:59:10.817815Z\"`",
                "[x]|`\"[x]\"`", "{x}|`\"{x}\"`", "a,b|`\"a,b\"`", "-x|`\"-x\"`", "#tag|`\"#tag\"`",
                "a-b|a-b", "x#1|x#1", "True|True"})
        void stringsAreQuotedExactlyWhenTheyMustBe(String value, String written) throws Exception {
            ObjectNode document = JSON.createObjectNode().put("v", value);

            assertThat(Toon.encode(document)).isEqualTo("v: " + written);
        }

        /** §7.1: the five escapes, and \\u for other controls. */
        @Test
        void quotedStringsEscapeBackslashQuoteAndControls() {
            ObjectNode document = JSON.createObjectNode().put("v", "say \"hi\"\\\n\r\t\u0001");

            assertThat(Toon.encode(document)).isEqualTo("v: \"say \\\"hi\\\"\\\\\\n\\r\\t\\u0001\"");
        }

        /** §2: canonical decimal form. */
        @Test
        void numbersAreCanonicalDecimals() {
            ObjectNode document = JSON.createObjectNode().put("int", 7).put("neg", -12L).put("one", 1.0)
                    .put("frac", 1.50).put("big", 1e6).put("small", 1e-6).put("zero", -0.0)
                    .put("decimal", new BigDecimal("3.1400")).put("nan", Double.NaN);

            assertThat(Toon.encode(document)).isEqualTo(
                    "int: 7\nneg: -12\none: 1\nfrac: 1.5\nbig: 1000000\nsmall: 0.000001\nzero: 0\ndecimal: 3.14\nnan: null");
        }

        /** §5: a primitive root is one line. */
        @Test
        void aPrimitiveRootIsItsValue() {
            assertThat(toon("\"hello\"")).isEqualTo("hello");
            assertThat(toon("12")).isEqualTo("12");
        }
    }

    @Nested
    class Objects {

        /** §8: nesting by indentation, two spaces a level; an empty object is its key alone. */
        @Test
        void nestedObjectsAreIndented() {
            assertThat(toon("{\"user\":{\"name\":\"Ada\",\"team\":{\"role\":\"admin\"},\"prefs\":{}},\"ok\":true}"))
                    .isEqualTo("user:\n  name: Ada\n  team:\n    role: admin\n  prefs:\nok: true");
        }

        /** §7.3: keys outside [A-Za-z_][A-Za-z0-9_.]* are quoted, also in headers. */
        @Test
        void keysAreQuotedUnlessIdentifiers() {
            assertThat(toon("{\"display_name\":1,\"user.id\":2,\"full name\":3,\"2fa\":4,\"my-list\":[1]}"))
                    .isEqualTo("display_name: 1\nuser.id: 2\n\"full name\": 3\n\"2fa\": 4\n\"my-list\"[1]: 1");
        }

        @Test
        void anEmptyRootObjectIsAnEmptyDocument() {
            assertThat(toon("{}")).isEmpty();
        }
    }

    @Nested
    class Arrays {

        /** §9.1: primitives inline after a header with the length; an empty array is []. */
        @Test
        void primitiveArraysAreInline() {
            assertThat(toon("{\"tags\":[\"red\",\"a,b\",\"\",3,null],\"none\":[]}"))
                    .isEqualTo("tags[5]: red,\"a,b\",\"\",3,null\nnone: []");
            assertThat(toon("[1,2]")).isEqualTo("[2]: 1,2");
            assertThat(toon("[]")).isEqualTo("[]");
        }

        /** §9.3: uniform objects of primitives are one table, in the first object's field order. */
        @Test
        void uniformObjectsAreATable() {
            assertThat(toon("{\"items\":[{\"id\":1,\"name\":\"Ada, Countess\",\"at\":\"10:00\"},"
                    + "{\"name\":\"Bob\",\"at\":\"11:00\",\"id\":2}]}"))
                    .isEqualTo("items[2]{id,name,at}:\n  1,\"Ada, Countess\",\"10:00\"\n  2,Bob,\"11:00\"");
        }

        /** §9.4: objects with different keys or nested values are list items, first field on the hyphen line. */
        @Test
        void nonUniformObjectsAreListItems() {
            assertThat(toon("{\"items\":[{\"id\":1},{\"id\":2,\"extra\":true},{\"id\":3,\"meta\":{\"x\":1}},{}]}"))
                    .isEqualTo("items[4]:\n  - id: 1\n  - id: 2\n    extra: true\n  - id: 3\n    meta:\n      x: 1\n  -");
        }

        /** §9.2 and §9.4: arrays inside arrays are list items with their own headers. */
        @Test
        void arraysOfArraysAreListItems() {
            assertThat(toon("{\"grid\":[[1,2],[],[[3]]],\"mixed\":[1,\"x\",{\"a\":1}]}"))
                    .isEqualTo("grid[3]:\n  - [2]: 1,2\n  - [0]:\n  - [1]:\n    - [1]: 3\nmixed[3]:\n  - 1\n  - x\n  - a: 1");
        }

        /** §10: a table as a list item's first field has its header on the hyphen line and rows two levels down. */
        @Test
        void aTableOpeningAListItemHasItsRowsTwoLevelsDeeper() {
            assertThat(toon("{\"groups\":[{\"users\":[{\"id\":1},{\"id\":2}],\"status\":\"active\"},{\"status\":\"empty\"}]}"))
                    .isEqualTo("groups[2]:\n  - users[2]{id}:\n      1\n      2\n    status: active\n  - status: empty");
        }

        /** §11: tab and pipe delimiters are declared in the header and quote only themselves. */
        @Test
        void otherDelimitersAreDeclaredInTheHeader() throws Exception {
            JsonNode document = JSON.readTree("{\"rows\":[{\"a\":\"x,y\",\"b\":\"p|q\"}],\"tags\":[\"x,y\",\"p|q\"]}");

            assertThat(Toon.encode(document, Toon.Delimiter.PIPE))
                    .isEqualTo("rows[1|]{a|b}:\n  x,y|\"p|q\"\ntags[2|]: x,y|\"p|q\"");
            assertThat(Toon.encode(document, Toon.Delimiter.TAB))
                    .isEqualTo("rows[1\t]{a\tb}:\n  x,y\tp|q\ntags[2\t]: x,y\tp|q");
        }
    }

    /** A list tool's page, as agents read it. */
    @Test
    void aPageIsATableThenItsCursorAndCounts() throws Exception {
        JsonNode page = JSON.readTree("{\"data\":[{\"id\":\"inb_9d8wksZ6PsfwZ3kazMvs\",\"address\":\"sales-bot@inboxes.test\","
                + "\"display_name\":\"Sales, EMEA\",\"created_at\":\"2026-11-29T22:59:10.817815Z\"},"
                + "{\"id\":\"inb_cS2QNED3BMAcR9tSVjlA\",\"address\":\"billing@inboxes.test\",\"display_name\":null,"
                + "\"created_at\":\"2026-11-29T22:59:10.799667Z\"}],\"cursor\":\"-Afnh60J6_Gnew\",\"has_more\":true,"
                + "\"total\":3}");

        assertThat(Toon.encode(page)).isEqualTo("""
                data[2]{id,address,display_name,created_at}:
                  inb_9d8wksZ6PsfwZ3kazMvs,sales-bot@inboxes.test,"Sales, EMEA","2026-11-29T22:59:10.817815Z"
                  inb_cS2QNED3BMAcR9tSVjlA,billing@inboxes.test,null,"2026-11-29T22:59:10.799667Z"
                cursor: "-Afnh60J6_Gnew"
                has_more: true
                total: 3""");
    }

    /** Any document decodes back to itself: random trees of every shape, strings of every awkward kind. */
    @Test
    void randomDocumentsRoundTripThroughAStrictDecoder() {
        Random random = new Random(14);
        for (int i = 0; i < 2_000; i++) {
            JsonNode document = random.nextInt(5) == 0 ? array(random, 3) : object(random, 3);
            String text = Toon.encode(document);

            assertThat(LosslessText.sameValue(ToonReader.read(text), document)).as("document %s as\n%s", document, text)
                    .isTrue();
        }
    }

    private static final String[] AWKWARD = {"", " ", "a b", "x:y", "-1", "-", "#", "true", "null", "0.5", "05", "1e3",
            "\"q\"", "back\\slash", "line\nbreak", "tab\t", "[1]", "{}", "a,b", "a|b", "Ωmega", "🙂", "\u0007", "- x"};

    private static JsonNode primitive(Random random) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return switch (random.nextInt(6)) {
            case 0 -> nodes.numberNode(random.nextInt(2001) - 1000);
            case 1 -> nodes.numberNode(BigDecimal.valueOf(random.nextInt(100000), random.nextInt(5)));
            case 2 -> nodes.booleanNode(random.nextBoolean());
            case 3 -> nodes.nullNode();
            default -> nodes.textNode(AWKWARD[random.nextInt(AWKWARD.length)] + (random.nextBoolean() ? "" : "z"));
        };
    }

    private static JsonNode value(Random random, int depth) {
        int kind = depth == 0 ? 0 : random.nextInt(4);
        return kind == 1 ? object(random, depth - 1) : kind == 2 ? array(random, depth - 1) : primitive(random);
    }

    private static ObjectNode object(Random random, int depth) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        int fields = random.nextInt(4);
        for (int i = 0; i < fields; i++) {
            object.set(random.nextBoolean() ? "k" + i : AWKWARD[random.nextInt(AWKWARD.length)] + i, value(random, depth));
        }
        return object;
    }

    private static ArrayNode array(Random random, int depth) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        int items = random.nextInt(4);
        boolean table = random.nextBoolean();
        for (int i = 0; i < items; i++) {
            if (table) {
                ObjectNode row = array.addObject();
                row.set("id", primitive(random));
                row.set("name", primitive(random));
            } else {
                array.add(value(random, depth));
            }
        }
        return array;
    }
}
