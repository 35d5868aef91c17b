package dev.inboxes.app.mcp;

import dev.inboxes.mcp.protocol.ToolCallGuard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every tool's input schema is closed, as ToolCallGuard enforces: a validating client refuses a typo itself. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ClosedInputSchemaTest {

    @Test
    void everyToolsInputSchemaForbidsArgumentsItDoesNotDeclare() {
        try (Agent agent = Agent.connect(Api.baseUrl(), Api.newAccount())) {
            List<Tool> tools = agent.client().listTools().tools();

            assertThat(tools).hasSizeGreaterThanOrEqualTo(5);
            for (Tool tool : tools) {
                assertThat(tool.inputSchema()).as(tool.name()).containsEntry("additionalProperties", false)
                        .containsEntry("type", "object");
            }
        }
    }
}
