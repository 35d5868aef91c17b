package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.mcp.text.TokenCounter;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What {@code tools/list} costs every session, as a host receives it (the JSON-RPC result's {@code tools}, o200k
 * tokens): the protocol is said once in the server's instructions, so the definitions stay within a bound.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ToolListCostTest {

    /**
     * Thirteen tools' definitions (names, descriptions, input and output schemas) in at most this many tokens: 4,713
     * when it was set, of which the three that send 1,039 (the ten before them 3,674; 4,078 before the paging line and
     * the id arguments were said once, 6,122 before the protocol was). Of the ten's, the output schemas are 1,446 and
     * the annotations about 300: below 3,000 would take dropping what validating clients and hosts read (the
     * schemas' required fields, the titles and hints). Raised by 100 for the sender verdict (4,824 then): sender_verified
     * in three output schemas, get_message's verdict, wait_for_message's verified_only, and one sentence in each of the
     * two tools that show mail whole, telling the agent what an unverified sender means.
     */
    static final int TOOLS_LIST_TOKENS = 4_850;

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
        String all = tools.toString();
        Files.writeString(Path.of("target", "tools-list.json"), all); // to read what the tokens are spent on
        System.out.printf("tools/list: %d tools, %d characters, %d tokens:%s%n", tools.size(), all.length(),
                tokens.count(all), report);
        assertThat(tools.size()).isGreaterThanOrEqualTo(13);
        assertThat(tokens.count(all)).as("tools/list tokens:" + report).isLessThanOrEqualTo(TOOLS_LIST_TOKENS);
    }
}
