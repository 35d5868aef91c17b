package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.RealisticAccount;
import dev.inboxes.mcp.text.TokenCounter;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of docs/agents.md "Measured": what an agent's context pays for pages and walks of a realistic
 * account, with the text as JSON (as before TOON, and with no token bound) and as TOON. Each of the two report
 * classes measures one format in its own app and saves its figures; whichever runs second writes the section.
 */
final class AgentEconomy {

    static final String PROPERTY = "agentEconomy";
    static final Path FIGURES = Path.of("target", "agent-economy");
    private static final Path AGENTS_MD = Path.of("..", "docs", "agents.md");
    private static final String START = "<!-- agent-economy:start -->";
    private static final String END = "<!-- agent-economy:end -->";

    private AgentEconomy() {
    }

    /** One format's figures: a page of 50, walks at 50 and at 100, the rows' own characters. */
    static ObjectNode measure(Agent agent, TokenCounter tokens) {
        ObjectNode figures = Client.JSON.createObjectNode();
        CallToolResult page = agent.call("list_inboxes", Map.of("limit", 50));
        List<String> blocks = Agent.texts(page);
        JsonNode rows = Client.JSON.valueToTree(page.structuredContent()).path("data");
        long values = 0;
        long names = 0;
        long named = 0;
        long addresses = 0;
        for (JsonNode row : rows) {
            values += row.path("id").asText().length() + row.path("address").asText().length()
                    + row.path("created_at").asText().length();
            addresses += row.path("address").asText().length();
            if (row.hasNonNull("display_name")) {
                values += row.path("display_name").asText().length();
                names += row.path("display_name").asText().length();
                named++;
            }
        }
        figures.put("rows", rows.size());
        figures.put("values", values);
        figures.put("pageCharacters", blocks.get(0).length());
        figures.put("summaryCharacters", blocks.get(1).length());
        figures.put("pageTokens", tokens.count(blocks.get(0)));
        figures.put("summaryTokens", tokens.count(blocks.get(1)));
        figures.put("displayNameAverage", named == 0 ? 0 : (double) names / named);
        figures.put("addressAverage", (double) addresses / rows.size());
        figures.set("walk50", walk(agent, tokens, 50));
        figures.set("walk100", walk(agent, tokens, 100));
        return figures;
    }

    private static ObjectNode walk(Agent agent, TokenCounter tokens, int limit) {
        long characters = 0;
        long counted = 0;
        long items = 0;
        int calls = 0;
        int largest = 0;
        String cursor = null;
        do {
            Map<String, Object> arguments = new HashMap<>(Map.of("limit", limit));
            if (cursor != null) {
                arguments.put("cursor", cursor);
            }
            CallToolResult page = agent.call("list_inboxes", arguments);
            calls++;
            int pageCharacters = 0;
            for (String block : Agent.texts(page)) {
                pageCharacters += block.length();
                counted += tokens.count(block);
            }
            characters += pageCharacters;
            largest = Math.max(largest, pageCharacters);
            JsonNode structured = Client.JSON.valueToTree(page.structuredContent());
            items += structured.path("data").size();
            cursor = structured.path("cursor").isNull() ? null : structured.path("cursor").asText();
        } while (cursor != null);
        assertThat(items).isEqualTo(RealisticAccount.INBOXES);
        ObjectNode walk = Client.JSON.createObjectNode();
        walk.put("calls", calls).put("characters", characters).put("tokens", counted).put("largestPage", largest);
        return walk;
    }

    static void save(String format, ObjectNode figures) throws IOException {
        Files.createDirectories(FIGURES);
        Files.writeString(FIGURES.resolve(format + ".json"), Client.JSON.writeValueAsString(figures));
        if (ofThisRun(FIGURES.resolve("json.json")) && ofThisRun(FIGURES.resolve("toon.json"))) {
            writeSection(Client.JSON.readTree(FIGURES.resolve("json.json").toFile()),
                    Client.JSON.readTree(FIGURES.resolve("toon.json").toFile()));
        }
    }

    /** Written by this test JVM: figures of an earlier run never mix with this one's. */
    private static boolean ofThisRun(Path file) throws IOException {
        return Files.exists(file) && Files.getLastModifiedTime(file).toMillis()
                >= ManagementFactory.getRuntimeMXBean().getStartTime();
    }

    private static void writeSection(JsonNode before, JsonNode after) throws IOException {
        StringBuilder md = new StringBuilder(START).append("\n");
        md.append("Measured on ").append(LocalDate.now()).append(" by `AgentEconomyReport` (command above): an agent")
                .append(" (the official MCP Java SDK client) reads an account of ").append(format(RealisticAccount.INBOXES))
                .append(" inboxes, a fifth without display name; display names average ")
                .append(format(after.path("displayNameAverage").asDouble())).append(" characters and addresses ")
                .append(format(after.path("addressAverage").asDouble())).append(" (first page). Tokens are o200k ")
                .append("(jtokkit), over all text blocks of a result. *Before*: the text as compact JSON, no token ")
                .append("bound (the service until TOON; `inboxes.mcp.text-format=json` with a huge token budget). ")
                .append("*After*: the defaults, TOON within 16,000 characters and 5,000 tokens.\n\n");
        md.append("| | before (JSON) | after (TOON) | change |\n| --- | --- | --- | --- |\n");
        row(md, "page of 50: characters (page text + summary)", chars(before), chars(after));
        row(md, "page of 50: tokens (page text + summary)", tokens(before), tokens(after));
        row(md, "page of 50: characters per row (page text)", before.path("pageCharacters").asDouble() / 50,
                after.path("pageCharacters").asDouble() / 50);
        md.append("| page of 50: overhead over the rows' own values (page text) | ")
                .append(percent(overhead(before))).append(" | ").append(percent(overhead(after))).append(" | |\n");
        for (String walk : List.of("walk50", "walk100")) {
            String limit = walk.substring(4);
            row(md, "full walk at limit " + limit + ": calls", before.at("/" + walk + "/calls").asDouble(),
                    after.at("/" + walk + "/calls").asDouble());
            row(md, "full walk at limit " + limit + ": characters", before.at("/" + walk + "/characters").asDouble(),
                    after.at("/" + walk + "/characters").asDouble());
            row(md, "full walk at limit " + limit + ": tokens", before.at("/" + walk + "/tokens").asDouble(),
                    after.at("/" + walk + "/tokens").asDouble());
        }
        JsonNode extra = after.path("extra");
        md.append("\n").append(extra.path("markdown").asText()).append(END);
        String doc = Files.readString(AGENTS_MD, StandardCharsets.UTF_8);
        int start = doc.indexOf(START);
        int end = doc.indexOf(END);
        assertThat(start).as("docs/agents.md has the markers %s … %s", START, END).isNotNegative();
        Files.writeString(AGENTS_MD, doc.substring(0, start) + md + doc.substring(end + END.length()),
                StandardCharsets.UTF_8);
        System.out.println(md);
    }

    private static double chars(JsonNode figures) {
        return figures.path("pageCharacters").asDouble() + figures.path("summaryCharacters").asDouble();
    }

    private static double tokens(JsonNode figures) {
        return figures.path("pageTokens").asDouble() + figures.path("summaryTokens").asDouble();
    }

    private static double overhead(JsonNode figures) {
        return (figures.path("pageCharacters").asDouble() - figures.path("values").asDouble())
                / figures.path("values").asDouble();
    }

    private static void row(StringBuilder md, String label, double before, double after) {
        md.append("| ").append(label).append(" | ").append(format(before)).append(" | ").append(format(after))
                .append(" | ").append(before == 0 ? "" : percent(after / before - 1)).append(" |\n");
    }

    static String format(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%,d", (long) value)
                : String.format(Locale.ROOT, "%,.1f", value);
    }

    static String percent(double ratio) {
        return String.format(Locale.ROOT, "%+.0f%%", ratio * 100);
    }
}
