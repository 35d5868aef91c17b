package dev.inboxes.mcp.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class JsonRpcMessagesTest {

    @Test
    void aSessionKeepsABoundedDescriptionOfTheClient() {
        String huge = "x".repeat(900_000);
        JsonObject initialize = new JsonObject().put("jsonrpc", "2.0").put("id", 1).put("method", "initialize")
                .put("params", new JsonObject().put("protocolVersion", "2025-06-18" + huge)
                        .put("capabilities", new JsonObject()
                                .put("roots", new JsonObject().put("listChanged", true).put("junk", huge))
                                .put("elicitation", new JsonObject().put("form", new JsonObject().put("x", huge)))
                                .put("experimental", new JsonObject().put("anything", huge)))
                        .put("clientInfo", new JsonObject().put("name", "🙂".repeat(100) + huge).put("version", huge)
                                .put("title", huge).put("description", huge).put("websiteUrl", huge)
                                .put("icons", huge))
                        .put("_meta", huge));
        assertThat(JsonRpcMessages.check(initialize.toBuffer()).valid()).isTrue();

        JsonObject bounded = JsonRpcMessages.bounded(initialize);

        assertThat(bounded.encode().length()).isLessThan(1_000);
        JsonObject client = bounded.getJsonObject("params").getJsonObject("clientInfo");
        assertThat(client.fieldNames()).containsExactlyInAnyOrder("name", "version", "title");
        assertThat(client.getString("name")).hasSizeLessThanOrEqualTo(JsonRpcMessages.MAX_CLIENT_NAME)
                .doesNotEndWith("\ud83d"); // never half of a surrogate pair
        assertThat(bounded.getJsonObject("params").getJsonObject("capabilities"))
                .isEqualTo(new JsonObject("{\"roots\":{\"listChanged\":true},\"elicitation\":{\"form\":{}}}"));
        assertThat(bounded.getValue("id")).isEqualTo(1);
    }

    @Test
    void aValidRequestAndAResponsePass() {
        assertThat(JsonRpcMessages.check(Buffer.buffer("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ping\"}")).valid())
                .isTrue();
        assertThat(JsonRpcMessages.check(Buffer.buffer("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}")).valid()).isTrue();
        assertThat(JsonRpcMessages.check(Buffer.buffer("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"))
                .valid()).isTrue();
    }
}
