package dev.inboxes.mcp.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class ToolListingTest {

    private static JsonObject tool(boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {
        return new JsonObject("""
                {"name":"t","description":"d",
                 "inputSchema":{"type":"object","properties":{},"required":[],"additionalProperties":false},
                 "outputSchema":{"type":"object","required":["data"],"properties":{
                   "data":{"type":"array","items":{"type":"object","required":["id"],"properties":{
                     "id":{"type":"string"},"at":{"type":"string","format":"date-time"}}}},
                   "next":{"anyOf":[{"type":"object","required":["x"],"properties":{"x":{"type":"string"}}},
                     {"type":"null"}]}}}}""")
                .put("annotations", new JsonObject().put("title", "T").put("readOnlyHint", readOnly)
                        .put("destructiveHint", destructive).put("idempotentHint", idempotent)
                        .put("openWorldHint", openWorld));
    }

    @Test
    void aToolThatOnlyReadsSaysSoAndOnlyAClosedWorldBesides() {
        assertThat(ToolListing.definition(tool(true, false, true, true)).getJsonObject("annotations"))
                .isEqualTo(new JsonObject().put("title", "T").put("readOnlyHint", true));
        assertThat(ToolListing.definition(tool(true, false, true, false)).getJsonObject("annotations"))
                .isEqualTo(new JsonObject().put("title", "T").put("readOnlyHint", true).put("openWorldHint", false));
    }

    @Test
    void aToolThatChangesSomethingAlwaysSaysWhetherItDestroysAndReachesTheOpenWorld() {
        assertThat(ToolListing.definition(tool(false, true, false, true)).getJsonObject("annotations"))
                .isEqualTo(new JsonObject().put("title", "T").put("destructiveHint", true).put("openWorldHint", true));
        assertThat(ToolListing.definition(tool(false, false, true, false)).getJsonObject("annotations"))
                .isEqualTo(new JsonObject().put("title", "T").put("destructiveHint", false).put("idempotentHint", true)
                        .put("openWorldHint", false));
    }

    @Test
    void schemasKeepTheResultsOwnRequiredFieldsOnly() {
        JsonObject definition = ToolListing.definition(tool(true, false, true, true));
        assertThat(definition.getJsonObject("inputSchema").containsKey("required")).isFalse();
        JsonObject output = definition.getJsonObject("outputSchema");
        assertThat(output.getJsonArray("required").getList()).containsExactly("data");
        JsonObject row = output.getJsonObject("properties").getJsonObject("data").getJsonObject("items");
        assertThat(row.containsKey("required")).isFalse();
        assertThat(row.getJsonObject("properties").getJsonObject("at").containsKey("format")).isFalse();
        assertThat(output.getJsonObject("properties").getJsonObject("next").getJsonArray("anyOf").getJsonObject(0)
                .containsKey("required")).isFalse();
    }
}
