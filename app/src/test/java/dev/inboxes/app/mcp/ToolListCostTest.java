package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.mcp.text.TokenCounter;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What {@code tools/list} costs every session, as a host receives it (the JSON-RPC result's {@code tools}, o200k
 * tokens): the protocol is said once in the server's instructions, so the definitions stay within a bound.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ToolListCostTest {

    /** The ten tools, reading mail and managing inboxes, which every session of an agent that reads mail loads. */
    static final Set<String> TEN = Set.of("list_inboxes", "get_inbox", "create_inbox", "delete_inbox", "delete_inboxes",
            "list_messages", "get_message", "wait_for_message", "list_threads", "get_thread");

    /** The ten's definitions (names, descriptions, annotations, input and output schemas) in at most this many tokens. */
    static final int TEN_TOOLS_TOKENS = 3_000;

    /** Every tool's, the sending ones included: at most this many tokens (the figure reached, and a little room). */
    static final int ALL_TOOLS_TOKENS = 3_950;

    @Inject
    TokenCounter tokens;

    @Test
    void theToolDefinitionsFitTheirTokenBound() throws Exception {
        Client client = new Client(Api.newAccount());
        String listing = client.mcp(Api.baseUrl(), "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                client.mcpSession(Api.baseUrl())).body();
        JsonNode tools = Client.JSON.readTree(listing.startsWith("{") ? listing
                : listing.substring(listing.indexOf("data:") + 5).trim()).at("/result/tools");
        StringBuilder report = new StringBuilder();
        for (JsonNode tool : tools) {
            report.append(String.format("%n  %-17s description %4d, input %4d, output %4d, whole %4d",
                    tool.path("name").asText(), tokens.count(tool.path("description").asText()),
                    tokens.count(tool.path("inputSchema").toString()), tokens.count(tool.path("outputSchema").toString()),
                    tokens.count(tool.toString())));
        }
        ArrayNode ten = Client.JSON.createArrayNode();
        tools.forEach(tool -> {
            if (TEN.contains(tool.path("name").asText())) {
                ten.add(tool);
            }
        });
        String all = tools.toString();
        Files.writeString(Path.of("target", "tools-list.json"), all); // to read what the tokens are spent on
        System.out.printf("tools/list: %d tools, %d characters, %d tokens; the ten: %d characters, %d tokens:%s%n",
                tools.size(), all.length(), tokens.count(all), ten.toString().length(), tokens.count(ten.toString()),
                report);
        assertThat(ten).hasSize(TEN.size());
        assertThat(tokens.count(ten.toString())).as("the ten tools' tokens:" + report)
                .isLessThanOrEqualTo(TEN_TOOLS_TOKENS);
        assertThat(tokens.count(all)).as("all tools' tokens:" + report).isLessThanOrEqualTo(ALL_TOOLS_TOKENS);
    }
}
