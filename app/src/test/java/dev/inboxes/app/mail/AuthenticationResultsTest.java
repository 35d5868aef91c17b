package dev.inboxes.app.mail;

import static dev.inboxes.app.support.Api.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.FreshInbox;
import dev.inboxes.app.support.Smtp;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.smtp.SmtpReceiver;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.james.jdkim.DKIMSigner;
import org.apache.james.jdkim.api.BodyHasher;
import org.apache.james.jdkim.api.Headers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The verdict of the checks at receipt, end to end: real mail over SMTP to the running app, a real DNS server on
 * loopback, and the verdict read back over REST (the whole message and the list row), in the raw message, and over
 * MCP by the official client, which validates every result against the tool's output schema.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(AuthDnsResource.class)
class AuthenticationResultsTest {

    private static final String DOMAIN = "inboxes.test";
    private static final String BANK = "alerts@" + AuthDnsResource.SENDER_DOMAIN;

    @Inject
    SmtpReceiver receiver;

    private FreshInbox inbox;

    @BeforeEach
    void inbox() {
        inbox = FreshInbox.named("auth");
    }

    @Test
    void aSignedAuthorizedMessageIsVerifiedInRestRawAndMcp() throws Exception {
        String reply = Smtp.send(receiver.port(), signed(message(BANK, "Your code", "Your code is 482913.")), BANK,
                inbox.address());
        assertThat(reply).startsWith("250");

        JsonPath row = as(inbox.apiKey()).get("/v1/inboxes/" + inbox.id() + "/messages").then().statusCode(200).extract()
                .jsonPath();
        assertThat(row.getBoolean("data[0].sender_verified")).isTrue();
        String id = row.getString("data[0].id");
        JsonPath whole = as(inbox.apiKey()).get("/v1/inboxes/" + inbox.id() + "/messages/" + id).then().statusCode(200)
                .extract().jsonPath();
        assertThat(whole.getMap("authentication")).isEqualTo(Map.of(
                "spf", Map.of("result", "pass", "domain", AuthDnsResource.SENDER_DOMAIN),
                "dkim", List.of(Map.of("result", "pass", "domain", AuthDnsResource.SENDER_DOMAIN,
                        "selector", AuthDnsResource.SELECTOR)),
                "dmarc", Map.of("result", "pass", "policy", "reject", "domain", AuthDnsResource.SENDER_DOMAIN),
                "verdict", "pass"));
        assertThat(whole.getBoolean("sender_verified")).isTrue();
        String raw = as(inbox.apiKey()).get("/v1/inboxes/" + inbox.id() + "/messages/" + id + "/raw").asString();
        assertThat(raw).startsWith("Authentication-Results: " + DOMAIN + ";\r\n\tspf=pass smtp.mailfrom="
                + AuthDnsResource.SENDER_DOMAIN + ";\r\n\tdkim=pass header.d=" + AuthDnsResource.SENDER_DOMAIN)
                .contains("\r\n\tdmarc=pass (p=reject) header.from=" + AuthDnsResource.SENDER_DOMAIN + "\r\nReceived: ");

        try (Agent agent = Agent.connect(Api.baseUrl(), inbox.apiKey(), Duration.ofSeconds(30))) {
            CallToolResult read = agent.call("get_message", Map.of("inbox_id", inbox.id(), "message_id", id));
            assertThat(Agent.text(read, 0)).startsWith("Sender verified: " + AuthDnsResource.SENDER_DOMAIN
                    + " (DMARC pass).\n");
            assertThat(Agent.structured(read)).containsEntry("sender_verified", true).containsEntry("verdict", "pass");
            Map<String, Object> page = agent.structured("list_messages", Map.of("inbox_id", inbox.id()));
            assertThat((List<?>) page.get("data")).singleElement()
                    .satisfies(first -> assertThat(((Map<?, ?>) first).get("sender_verified")).isEqualTo(true));
        }
    }

    @Test
    void aForgedFromIsUnverifiedEverywhereAndVerifiedOnlyWaitsPastIt() throws Exception {
        try (Agent agent = Agent.connect(Api.baseUrl(), inbox.apiKey(), Duration.ofSeconds(40))) {
            CompletableFuture<CallToolResult> anyWait = CompletableFuture.supplyAsync(() -> agent.call(
                    "wait_for_message", Map.of("inbox_id", inbox.id(), "timeout_seconds", 30)));
            CompletableFuture<CallToolResult> verifiedWait = CompletableFuture.supplyAsync(() -> agent.call(
                    "wait_for_message", Map.of("inbox_id", inbox.id(), "timeout_seconds", 30, "verified_only", true)));
            Thread.sleep(700); // both waits are for mail that arrives after the call
            // No signature, and a From the sender has no right to: the bank's DMARC says reject.
            byte[] forged = message(BANK, "Urgent: confirm your account", "Click https://evil.example/login");
            assertThat(sendRaw("someone@elsewhere.example", forged)).startsWith("250");
            Thread.sleep(300);
            assertThat(Smtp.send(receiver.port(), signed(message(BANK, "Real alert", "Hello.")), BANK, inbox.address()))
                    .startsWith("250");

            CallToolResult first = anyWait.get(40, TimeUnit.SECONDS);
            assertThat(Agent.text(first, 0)).startsWith("UNVERIFIED sender: the domain "
                    + AuthDnsResource.SENDER_DOMAIN + " does not vouch for this message (DMARC fail, its policy: "
                    + "reject)");
            assertThat(nested(Agent.structured(first))).containsEntry("sender_verified", false)
                    .containsEntry("subject", "Urgent: confirm your account");
            CallToolResult verified = verifiedWait.get(40, TimeUnit.SECONDS);
            assertThat(Agent.text(verified, 0)).startsWith("Sender verified: " + AuthDnsResource.SENDER_DOMAIN);
            assertThat(nested(Agent.structured(verified))).containsEntry("sender_verified", true)
                    .containsEntry("subject", "Real alert");
        }
        JsonPath rows = as(inbox.apiKey()).get("/v1/inboxes/" + inbox.id() + "/messages").then().statusCode(200).extract()
                .jsonPath();
        assertThat(rows.getList("data.sender_verified", Boolean.class)).containsExactly(true, false);
        JsonPath forged = as(inbox.apiKey()).get("/v1/inboxes/" + inbox.id() + "/messages/" + rows.getString("data[1].id"))
                .then().statusCode(200).extract().jsonPath();
        assertThat(forged.getMap("authentication.dmarc")).isEqualTo(Map.of("result", "fail", "policy", "reject",
                "domain", AuthDnsResource.SENDER_DOMAIN));
        assertThat(forged.getString("authentication.verdict")).isEqualTo("fail");
        assertThat(forged.getList("authentication.dkim")).isEmpty();
    }

    @Test
    void aRecordedMessageHasNoAuthenticationAndIsNotVerified() throws Exception {
        String id = Api.recordMessage(inbox.apiKey(), inbox.id(), "Noted", "Recorded by a program.");
        JsonPath whole = as(inbox.apiKey()).get("/v1/inboxes/" + inbox.id() + "/messages/" + id).then().statusCode(200)
                .extract().jsonPath();
        assertThat(whole.getMap("$")).containsEntry("authentication", null).containsEntry("sender_verified", false);
        assertThat(as(inbox.apiKey()).get("/v1/inboxes/" + inbox.id() + "/messages").then().extract().jsonPath()
                .getBoolean("data[0].sender_verified")).isFalse();
        try (Agent agent = Agent.connect(Api.baseUrl(), inbox.apiKey(), Duration.ofSeconds(30))) {
            CallToolResult read = agent.call("get_message", Map.of("inbox_id", inbox.id(), "message_id", id));
            assertThat(Agent.text(read, 0)).startsWith("UNVERIFIED sender: this message was not received over SMTP");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> nested(Map<String, Object> waitResult) {
        return (Map<String, Object>) waitResult.get("message");
    }

    private byte[] message(String from, String subject, String text) {
        return Smtp.crlf("From: Bank <" + from + ">\nTo: " + inbox.address() + "\nSubject: " + subject
                + "\nDate: Thu, 03 Dec 2026 10:00:00 +0000\nMessage-ID: <" + UUID.randomUUID() + "@bank.example>\n"
                + "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n" + text + "\n");
    }

    /** The message signed as the bank's mail server signs it (RSA-SHA256, relaxed/relaxed). */
    private static byte[] signed(byte[] message) throws Exception {
        String text = new String(message, StandardCharsets.UTF_8);
        int split = text.indexOf("\r\n\r\n");
        List<String> fields = List.of(text.substring(0, split).split("\r\n"));
        Headers headers = new Headers() {
            @Override
            public List<String> getFields() {
                return fields;
            }

            @Override
            public List<String> getFields(String name) {
                return fields.stream().filter(field -> field.regionMatches(true, 0, name + ":", 0, name.length() + 1))
                        .toList();
            }
        };
        String template = "v=1; a=rsa-sha256; c=relaxed/relaxed; d=" + AuthDnsResource.SENDER_DOMAIN + "; s="
                + AuthDnsResource.SELECTOR + "; h=From:To:Subject:Date:Message-ID; bh=; b=;";
        DKIMSigner signer = new DKIMSigner(template, AuthDnsResource.KEYS.getPrivate());
        BodyHasher hasher = signer.newBodyHasher(signer.newSignatureRecordTemplate(template));
        try (OutputStream body = hasher.getOutputStream()) {
            body.write(text.substring(split + 4).getBytes(StandardCharsets.UTF_8));
        }
        return (signer.sign(headers, hasher) + "\r\n" + text).getBytes(StandardCharsets.UTF_8);
    }

    /** The exact bytes over a plain SMTP dialogue, with an envelope sender of our choosing. */
    private String sendRaw(String mailFrom, byte[] raw) throws Exception {
        try (Smtp.Dialogue smtp = new Smtp.Dialogue(receiver.port())) {
            smtp.command("EHLO elsewhere.example");
            smtp.command("MAIL FROM:<" + mailFrom + ">");
            smtp.command("RCPT TO:<" + inbox.address() + ">");
            return smtp.data(raw);
        }
    }
}
