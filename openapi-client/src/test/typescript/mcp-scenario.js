// An agent host's session with the official MCP TypeScript SDK, as hosts run it: connect, tools/list (after which
// the SDK validates every tool result's structuredContent against the tool's output schema and throws when it does
// not), then each tool that reads, the resource templates, one attachment read as a resource, and a reply and a send. Arguments: base URL, API key, an inbox id holding at least one message.
// Prints a JSON report; the app's tests assert on it.
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StreamableHTTPClientTransport } = require("@modelcontextprotocol/sdk/client/streamableHttp.js");

async function main() {
  const [baseUrl, apiKey, inboxId] = process.argv.slice(2);
  const transport = new StreamableHTTPClientTransport(new URL(baseUrl + "/mcp"), {
    requestInit: { headers: { Authorization: "Bearer " + apiKey } },
  });
  const client = new Client({ name: "inboxes-mcp-scenario", version: "0.1.0" });
  await client.connect(transport);
  const report = { tools: (await client.listTools()).tools.map((tool) => tool.name), calls: {} };
  report.resource_templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);

  async function call(label, name, args) {
    try {
      const result = await client.callTool({ name, arguments: args });
      report.calls[label] = {
        valid: true,
        is_error: result.isError === true,
        structured: result.structuredContent ?? null,
        text: result.content.filter((block) => block.type === "text").map((block) => block.text).join("\n"),
      };
      return result.structuredContent;
    } catch (error) {
      report.calls[label] = { valid: false, error: String(error) };
      return undefined;
    }
  }

  await call("list_inboxes", "list_inboxes", { limit: 5 });
  await call("get_inbox", "get_inbox", { inbox_id: inboxId });
  const messages = await call("list_messages", "list_messages", { inbox_id: inboxId });
  await call("list_messages_last_page", "list_messages", { inbox_id: inboxId, limit: 100 });
  const first = messages?.data?.[0];
  if (first) {
    const message = await call("get_message", "get_message", { inbox_id: inboxId, message_id: first.id });
    const attachment = message?.attachments?.[0];
    if (attachment) {
      try {
        const read = await client.readResource({ uri: attachment.uri });
        report.resource_read = { valid: true, contents: read.contents };
      } catch (error) {
        report.resource_read = { valid: false, error: String(error) };
      }
    }
    await call("get_thread", "get_thread", { inbox_id: inboxId, thread_id: first.thread_id });
  }
  await call("list_threads", "list_threads", { inbox_id: inboxId });
  await call("wait_arrived", "wait_for_message", { inbox_id: inboxId, since: "2000-01-01T00:00:00Z", timeout_seconds: 5 });
  await call("wait_timed_out", "wait_for_message", { inbox_id: inboxId, timeout_seconds: 1 });
  if (first) {
    await call("reply_to_message", "reply_to_message", { inbox_id: inboxId, message_id: first.id, text: "Received, thanks." });
  }
  await call("send_message", "send_message", { inbox_id: inboxId, to: ["someone@example.com"], subject: "Hello", text: "Hi" });
  await call("get_message_unknown", "get_message", { inbox_id: inboxId, message_id: "msg_00000000000000000000" });
  await client.close();
  process.stdout.write(JSON.stringify(report));
}

main().catch((error) => {
  process.stderr.write(String(error?.stack ?? error));
  process.exit(1);
});
