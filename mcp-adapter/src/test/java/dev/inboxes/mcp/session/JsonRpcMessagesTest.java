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

    /** An id is echoed and may be logged: a line break or control character in it could forge a log line. */
    @Test
    void anIdWithAControlCharacterOrLineBreakIsRefusedAndNotEchoed() {
        for (String id : new String[] {"1\nINFO forged", "1\r", "\u001b[2J", "a\u0000", "\u0085", "\u2028", "\t"}) {
            JsonRpcMessages.Verdict verdict = JsonRpcMessages.check(Buffer.buffer(new JsonObject().put("jsonrpc", "2.0")
                    .put("id", id).put("method", "ping").encode()));
            assertThat(verdict.valid()).as("id %s", id.codePoints().boxed().toList()).isFalse();
            assertThat(verdict.error().getValue("id")).isNull();
            assertThat(verdict.error().getJsonObject("error").getInteger("code")).isEqualTo(-32600);
        }
        for (String id : new String[] {"req-1 of 2", "réponse ✓ 😀", "0b4f5c1e-5d2f-4c4e-9a57-2d1f0c8e9b11"}) {
            assertThat(JsonRpcMessages.check(Buffer.buffer(new JsonObject().put("jsonrpc", "2.0").put("id", id)
                    .put("method", "ping").encode())).valid()).as(id).isTrue();
        }
    }
}
