package dev.inboxes.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;

/** (d) What a page of 50 inboxes costs a reader, in characters: the REST body and the MCP tool text. */
final class PageSizes {

    record Result(int restChars, int mcpJsonChars, int mcpSummaryChars, int rows) {

        double restPerRow() {
            return (double) restChars / rows;
        }

        double mcpPerRow() {
            return (double) mcpJsonChars / rows;
        }
    }

    private PageSizes() {
    }

    static Result measure(Http http) throws Exception {
        int rest = http.get("/v1/inboxes?limit=50").length();
        HttpResponse<String> init = http.post("/mcp", """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
                "capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}""", null);
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        http.post("/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session);
        JsonNode result = Http.JSON.readTree(http.post("/mcp", """
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_inboxes","arguments":{"limit":50}}}""",
                session).body()).path("result");
        JsonNode content = result.path("content");
        int rows = result.path("structuredContent").path("data").size();
        return new Result(rest, content.get(0).path("text").asText().length(),
                content.get(1).path("text").asText().length(), rows);
    }
}
