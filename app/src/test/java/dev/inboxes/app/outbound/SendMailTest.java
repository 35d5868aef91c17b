package dev.inboxes.app.outbound;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.RelaySink;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.agroal.api.AgroalDataSource;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.nio.charset.StandardCharsets;
import org.apache.james.jdkim.DKIMVerifier;
import org.apache.james.jdkim.api.SignatureRecord;
import org.apache.james.jdkim.exceptions.PermFailException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Mail out end to end: the REST routes, the outbox workers, local delivery into the service's own inboxes and the
 * relay (a real SMTP server on loopback), as a program uses them.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(RelaySink.class)
class SendMailTest {

    private static final Duration DELIVERY = SentDeliveries.TIMEOUT;

    @Inject
    AgroalDataSource dataSource;

    private String apiKey;
    private String inboxId;
    private String address;

    @BeforeEach
    void inbox() {
        apiKey = Api.newAccount();
        inboxId = Api.createInbox(apiKey, Map.of("display_name", "Support bot"));
        address = as(apiKey).get("/v1/inboxes/" + inboxId).path("address");
    }

    @Test
    void aSentMessageIsStoredQueuedThenRelayedSignedFromTheInbox() throws Exception {
        Response accepted = send(Map.of("to", List.of("alice@example.com"), "subject", "Your order",
                "text", "It ships today.", "html", "<p>It ships <b>today</b>.</p>"));

        assertThat(accepted.statusCode()).as(accepted.asString()).isEqualTo(202);
        JsonPath sent = accepted.jsonPath();
        assertThat(sent.getString("direction")).isEqualTo("outbound");
        assertThat(sent.getString("from")).isEqualTo(address);
        assertThat(sent.getString("message_id_header")).matches("<msg_[0-9A-Za-z]{20}@inboxes\\.test>");
        assertThat(sent.getList("deliveries.recipient")).containsExactly("alice@example.com");
        assertThat(sent.getList("deliveries.status")).containsExactly("queued");

        RelaySink.Received relayed = RelaySink.await(sent.getString("message_id_header"), DELIVERY);
        assertThat(relayed.recipients()).containsExactly("alice@example.com");
        assertThat(relayed.envelopeSender()).matches("bounces\\+dlv_[0-9A-Za-z]{20}@inboxes\\.test");
        assertThat(relayed.text()).contains("DKIM-Signature:").contains("d=inboxes.test")
                .contains("Message-ID: " + sent.getString("message_id_header")).contains("Subject: Your order")
                .contains("multipart/alternative").doesNotContain("\r\nBcc:");

        JsonPath delivered = SentDeliveries.await(apiKey, inboxId, sent.getString("id"), "sent");
        assertThat(delivered.getInt("deliveries[0].attempts")).isEqualTo(1);
        assertThat(delivered.getString("deliveries[0].smtp_reply")).startsWith("250");
        assertThat(delivered.getString("deliveries[0].last_attempt_at")).isNotNull();
        assertThat(delivered.getString("deliveries[0].next_attempt_at")).isNull();

        JsonPath list = as(apiKey).get("/v1/inboxes/" + inboxId + "/messages").jsonPath();
        assertThat(list.getList("data.direction")).containsExactly("outbound");
    }

    @Test
    void relayedMailVerifiesAgainstTheDkimRecordThatGetDomainsSaysToPublish() throws Exception {
        JsonPath domains = as(apiKey).get("/v1/domains").then().statusCode(200).extract().jsonPath();
        assertThat(domains.getList("data.domain")).containsExactly("inboxes.test");
        String dkimName = domains.getString("data[0].records.find { it.name.contains('._domainkey.') }.name");
        String dkimValue = domains.getString("data[0].records.find { it.name.contains('._domainkey.') }.value");
        assertThat(domains.getList("data[0].records.name")).contains("inboxes.test", "_dmarc.inboxes.test");

        JsonPath sent = send(Map.of("to", List.of("alice@example.com"), "subject", "Signed", "text", "Verify me",
                "html", "<p>Verify <i>me</i></p>")).then().statusCode(202).extract().jsonPath();
        byte[] relayed = RelaySink.await(sent.getString("message_id_header"), DELIVERY).raw();

        DKIMVerifier verifier = new DKIMVerifier((method, selector, domain) -> {
            if ((selector + "._domainkey." + domain).equalsIgnoreCase(dkimName)) {
                return List.of(dkimValue);
            }
            throw new PermFailException("no key at " + selector + "._domainkey." + domain);
        });
        List<SignatureRecord> verified = verifier.verify(new ByteArrayInputStream(relayed));
        assertThat(verified).as("verified signatures: %s", verifier.getResults()).hasSize(1);
        assertThat(verified.get(0).getDToken()).isEqualTo("inboxes.test");

        byte[] altered = new String(relayed, StandardCharsets.UTF_8).replace("Verify me", "Verify m3")
                .getBytes(StandardCharsets.UTF_8);
        DKIMVerifier strict = new DKIMVerifier((method, selector, domain) -> List.of(dkimValue));
        assertThatThrownBy(() -> strict.verify(new ByteArrayInputStream(altered)))
                .as("a changed body no longer verifies").isInstanceOf(Exception.class);
    }

    @Test
    void mailToTheServicesOwnDomainArrivesInThatInboxThreadedAsSent() {
        String otherId = Api.createInbox(apiKey, Map.of());
        String other = as(apiKey).get("/v1/inboxes/" + otherId).path("address");

        JsonPath sent = send(Map.of("to", List.of(other), "subject", "Internal note", "text", "Hello inbox"))
                .then().statusCode(202).extract().jsonPath();
        SentDeliveries.await(apiKey, inboxId, sent.getString("id"), "sent");

        JsonPath received = as(apiKey).get("/v1/inboxes/" + otherId + "/messages").jsonPath();
        assertThat(received.getList("data.subject")).containsExactly("Internal note");
        assertThat(received.getList("data.direction")).containsExactly("inbound");
        String receivedId = received.getString("data[0].id");
        JsonPath whole = as(apiKey).get("/v1/inboxes/" + otherId + "/messages/" + receivedId).jsonPath();
        assertThat(whole.getString("from")).isEqualTo(address);
        assertThat(whole.getString("message_id_header")).isEqualTo(sent.getString("message_id_header"));
        assertThat(whole.getString("text")).contains("Hello inbox");

        // The recipient answers: the reply lands in the sender's thread of the sent message.
        JsonPath answer = as(apiKey).contentType(ContentType.JSON).body(Map.of("text", "Got it"))
                .post("/v1/inboxes/" + otherId + "/messages/" + receivedId + "/reply")
                .then().statusCode(202).extract().jsonPath();
        assertThat(answer.getString("subject")).isEqualTo("Re: Internal note");
        assertThat(answer.getString("in_reply_to")).isEqualTo(sent.getString("message_id_header"));
        SentDeliveries.await(apiKey, otherId, answer.getString("id"), "sent");
        JsonPath thread = as(apiKey).get("/v1/inboxes/" + inboxId + "/threads/" + sent.getString("thread_id")
                + "/messages").jsonPath();
        assertThat(thread.getList("data.subject")).containsExactly("Internal note", "Re: Internal note");
    }

    @Test
    void aReplyGoesToReplyToInTheThreadAndReplyAllCopiesTheOthersButNeverTheInbox() throws Exception {
        String original = recordFrom("alice@example.com", "Question");
        JsonPath reply = as(apiKey).contentType(ContentType.JSON)
                .body(Map.of("text", "Answer", "reply_all", true))
                .post("/v1/inboxes/" + inboxId + "/messages/" + original + "/reply")
                .then().statusCode(202).extract().jsonPath();

        JsonPath originalMessage = as(apiKey).get("/v1/inboxes/" + inboxId + "/messages/" + original).jsonPath();
        assertThat(reply.getString("subject")).isEqualTo("Re: Question");
        assertThat(reply.getString("thread_id")).isEqualTo(originalMessage.getString("thread_id"));
        assertThat(reply.getString("in_reply_to")).isEqualTo(originalMessage.getString("message_id_header"));
        assertThat(reply.getList("references")).endsWith(originalMessage.getString("message_id_header"));
        // The recorded message's To is the inbox itself: reply-all adds no one else.
        assertThat(reply.getList("deliveries.recipient")).containsExactly("alice@example.com");
        RelaySink.Received relayed = RelaySink.await(reply.getString("message_id_header"), DELIVERY);
        assertThat(relayed.text()).contains("In-Reply-To: " + originalMessage.getString("message_id_header"));
    }

    @Test
    void aForwardCarriesTheOriginalWholeAsAnAttachedMessage() throws Exception {
        String original = recordFrom("alice@example.com", "Invoice");
        JsonPath forwarded = as(apiKey).contentType(ContentType.JSON)
                .body(Map.of("to", List.of("bob@example.com"), "text", "FYI"))
                .post("/v1/inboxes/" + inboxId + "/messages/" + original + "/forward")
                .then().statusCode(202).extract().jsonPath();

        assertThat(forwarded.getString("subject")).isEqualTo("Fwd: Invoice");
        RelaySink.Received relayed = RelaySink.await(forwarded.getString("message_id_header"), DELIVERY);
        assertThat(relayed.recipients()).containsExactly("bob@example.com");
        assertThat(relayed.text()).contains("message/rfc822").contains("FYI").contains("Subject: Invoice");
    }

    @Test
    void aRefusedRecipientBouncesAndADeferringOneIsRetriedLater() {
        JsonPath sent = send(Map.of("to", List.of("nobody@" + RelaySink.REJECTING, "busy@" + RelaySink.DEFERRING),
                "subject", "Two fates", "text", "x")).then().statusCode(202).extract().jsonPath();

        JsonPath outcome = SentDeliveries.await(apiKey, inboxId, sent.getString("id"), "bounced", "deferred");
        assertThat(outcome.getString("deliveries.find { it.recipient.startsWith('nobody') }.smtp_reply"))
                .startsWith("550");
        assertThat(outcome.getString("deliveries.find { it.recipient.startsWith('busy') }.smtp_reply"))
                .startsWith("451");
        assertThat(outcome.getString("deliveries.find { it.recipient.startsWith('busy') }.next_attempt_at"))
                .isNotNull();
    }

    @Test
    void anIdempotencyKeyReplaysTheFirstSendAndRefusesAnotherBody() {
        Map<String, Object> body = Map.of("to", List.of("alice@example.com"), "subject", "Once", "text", "x");
        Response first = as(apiKey).contentType(ContentType.JSON).header("Idempotency-Key", "send-1").body(body)
                .post("/v1/inboxes/" + inboxId + "/messages/send");
        Response again = as(apiKey).contentType(ContentType.JSON).header("Idempotency-Key", "send-1").body(body)
                .post("/v1/inboxes/" + inboxId + "/messages/send");

        assertThat(first.statusCode()).as(first.asString()).isEqualTo(202);
        assertThat(again.statusCode()).as(again.asString()).isEqualTo(202);
        assertThat(again.<String>path("id")).isEqualTo(first.path("id"));
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages").<Integer>path("total")).isEqualTo(1);

        assertProblem(as(apiKey).contentType(ContentType.JSON).header("Idempotency-Key", "send-1")
                .body(Map.of("to", List.of("alice@example.com"), "subject", "Other", "text", "x"))
                .post("/v1/inboxes/" + inboxId + "/messages/send"), 422, "idempotency-key-reused");
    }

    @Test
    void theSameKeyWhileTheFirstSendIsStillBeingHandledIsAConflictNotASecondSend() throws Exception {
        Map<String, Object> body = Map.of("to", List.of("alice@example.com"), "subject", "Once", "text", "x");
        CompletableFuture<Response> first;
        try (Connection holder = dataSource.getConnection()) {
            // Another transaction holds the inbox's row, as a delivery into it does until it commits: the first send
            // stops there, inside its transaction, with its key held.
            holder.setAutoCommit(false);
            try (PreparedStatement lock = holder.prepareStatement("SELECT 1 FROM inboxes WHERE id = ? FOR UPDATE")) {
                lock.setString(1, inboxId);
                lock.executeQuery().close();
            }
            first = CompletableFuture.supplyAsync(() -> as(apiKey).contentType(ContentType.JSON)
                    .header("Idempotency-Key", "send-slow").body(body).post("/v1/inboxes/" + inboxId + "/messages/send"));
            awaitAdvisoryLock(holder);

            Response meanwhile = as(apiKey).contentType(ContentType.JSON).header("Idempotency-Key", "send-slow")
                    .body(body).post("/v1/inboxes/" + inboxId + "/messages/send");

            assertProblem(meanwhile, 409, "idempotency-key-in-flight");
            assertThat(meanwhile.header("Retry-After")).isEqualTo("1");
            assertThat(first).isNotDone();
            holder.commit();
        }
        Response accepted = first.get(30, TimeUnit.SECONDS);
        assertThat(accepted.statusCode()).as(accepted.asString()).isEqualTo(202);
        Response replayed = as(apiKey).contentType(ContentType.JSON).header("Idempotency-Key", "send-slow").body(body)
                .post("/v1/inboxes/" + inboxId + "/messages/send");
        assertThat(replayed.statusCode()).isEqualTo(202);
        assertThat(replayed.<String>path("id")).isEqualTo(accepted.path("id"));
        assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages").<Integer>path("total")).isEqualTo(1);
    }

    private static void awaitAdvisoryLock(Connection observer) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        try (PreparedStatement held = observer.prepareStatement(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted"
                        + " AND pid <> pg_backend_pid()")) {
            while (System.nanoTime() < deadline) {
                try (ResultSet count = held.executeQuery()) {
                    count.next();
                    if (count.getLong(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError("the first send never reached its transaction");
    }

    @Test
    void attachmentsUpToTenMegabytesGoAndTheOtherRoutesKeepTheirSmallLimit() throws Exception {
        byte[] file = new byte[2 * 1024 * 1024];
        new java.util.Random(7).nextBytes(file);
        Response sent = send(Map.of("to", List.of("alice@example.com"), "subject", "Report", "text", "Attached.",
                "attachments", List.of(Map.of("filename", "report.bin", "content_type", "application/octet-stream",
                        "content_base64", Base64.getEncoder().encodeToString(file)))));
        assertThat(sent.statusCode()).as(sent.asString()).isEqualTo(202);
        assertThat(sent.jsonPath().getList("attachments.filename")).containsExactly("report.bin");
        assertThat(RelaySink.await(sent.jsonPath().getString("message_id_header"), DELIVERY).raw().length)
                .isGreaterThan(file.length);

        assertProblem(as(apiKey).contentType(ContentType.JSON)
                .body(Map.of("from", "a@example.com", "subject", "s", "text", "x".repeat(2 * 1024 * 1024)))
                .post("/v1/inboxes/" + inboxId + "/messages"), 413, "payload-too-large");
    }

    @Test
    void hostileRequestsAreRefusedWholeAndNothingIsStored() {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 51; i++) {
            many.add("r" + i + "@example.com");
        }
        List<Map<String, Object>> bodies = List.of(
                Map.of("to", List.of("alice@example.com"), "subject", "s", "text", "x", "from", "boss@example.com"),
                Map.of("to", "alice@example.com", "subject", "s", "text", "x"),
                Map.of("to", List.of(), "subject", "s", "text", "x"),
                Map.of("to", many, "subject", "s", "text", "x"),
                Map.of("to", List.of("not an address"), "subject", "s", "text", "x"),
                Map.of("to", List.of("alice@example.com\r\nBcc: eve@example.com"), "subject", "s", "text", "x"),
                Map.of("to", List.of("alice@example.com"), "subject", "s\r\nBcc: eve@example.com", "text", "x"),
                Map.of("to", List.of("alice@example.com"), "subject", "s", "text", "nul \u0000 here"),
                Map.of("to", List.of("alice@example.com"), "subject", "s", "text", "lone \uD800 surrogate"),
                Map.of("to", List.of("alice@example.com"), "subject", "s"),
                Map.of("to", List.of("alice@example.com"), "subject", "s", "text", "x",
                        "attachments", List.of(Map.of("filename", "a.txt", "content_type", "text/plain",
                                "content_base64", "not base64 !!!"))),
                Map.of("to", List.of("alice@example.com"), "subject", "s", "text", "x",
                        "attachments", List.of(Map.of("filename", "a.txt", "content_type", "text plain",
                                "content_base64", "aGVsbG8="))));
        for (Map<String, Object> body : bodies) {
            Response refused = send(body);
            assertThat(refused.statusCode()).as(body.keySet() + " → " + refused.asString()).isEqualTo(400);
            assertThat(refused.contentType()).startsWith("application/problem+json");
        }
        assertProblem(as(apiKey).contentType(ContentType.JSON).body("{\"to\":[\"a@example.com\"],")
                .post("/v1/inboxes/" + inboxId + "/messages/send"), 400, "malformed-json");
        assertProblem(as(apiKey).contentType(ContentType.JSON).body(Map.of("text", "x"))
                .post("/v1/inboxes/" + inboxId + "/messages/msg_00000000000000000000/reply"), 404, "not-found");
        assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages").<Integer>path("total")).isZero();
    }

    @Test
    void anAgentSendsRepliesAndForwardsWithTheToolsAndEachResultValidates() throws Exception {
        String original = recordFrom("alice@example.com", "Where is my parcel?");
        List<String> ids = new ArrayList<>();
        List<List<String>> relayed = new ArrayList<>();
        try (Agent agent = Agent.connect(apiKey)) {
            Map<String, Object> sent = agent.structured("send_message", Map.of("inbox_id", inboxId,
                    "to", List.of("carol@example.com"), "subject", "Welcome", "text", "Hello Carol"));
            assertThat((String) sent.get("message_id")).startsWith("msg_");
            assertThat((String) sent.get("thread_id")).startsWith("thr_");
            assertThat(sent.get("deliveries").toString()).contains("carol@example.com", "queued");
            ids.add((String) sent.get("message_id"));

            Map<String, Object> reply = agent.structured("reply_to_message", Map.of("inbox_id", inboxId,
                    "message_id", original, "text", "It left today."));
            assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages/" + reply.get("message_id"))
                    .<String>path("subject")).isEqualTo("Re: Where is my parcel?");
            assertThat(reply.get("deliveries").toString()).contains("alice@example.com");
            ids.add((String) reply.get("message_id"));

            Map<String, Object> forward = agent.structured("forward_message", Map.of("inbox_id", inboxId,
                    "message_id", original, "to", List.of("dispatch@example.com")));
            assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages/" + forward.get("message_id"))
                    .<String>path("subject")).isEqualTo("Fwd: Where is my parcel?");
            ids.add((String) forward.get("message_id"));

            Map<String, Object> keyed = Map.of("inbox_id", inboxId, "to", List.of("dave@example.com"), "subject",
                    "Once", "text", "Only once", "idempotency_key", "agent-retry-1");
            Object first = agent.structured("send_message", keyed).get("message_id");
            assertThat(agent.structured("send_message", keyed).get("message_id")).as("a retry with the key")
                    .isEqualTo(first);
            ids.add((String) first);

            String refused = agent.error("send_message", Map.of("inbox_id", inboxId, "to", List.of("nobody"),
                    "subject", "x", "text", "x"));
            assertThat(refused).contains("to");
        }
        for (String messageId : ids) {
            String header = as(apiKey).get("/v1/inboxes/" + inboxId + "/messages/" + messageId).path("message_id_header");
            relayed.add(RelaySink.await(header, DELIVERY).recipients());
        }
        assertThat(relayed).containsExactly(List.of("carol@example.com"), List.of("alice@example.com"),
                List.of("dispatch@example.com"), List.of("dave@example.com"));
    }

    @Test
    void anInboxThatSentToItsHourlyShareIsToldWhenItMaySendAgain() {
        for (int round = 0; round < 4; round++) {
            List<String> fifty = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                fifty.add("hourly" + round + "-" + i + "@example.com");
            }
            send(Map.of("to", List.of(fifty.get(0)), "bcc", fifty.subList(1, 50), "subject", "Round " + round,
                    "text", "x")).then().statusCode(202);
        }
        Response refused = send(Map.of("to", List.of("one-more@example.com"), "subject", "Over", "text", "x"));

        String detail = assertProblem(refused, 429, "rate-limited");
        assertThat(detail).contains("inbox", "200 recipients in the past hour");
        assertThat(Integer.parseInt(refused.header("Retry-After"))).isBetween(3_500, 3_600);
        assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages").<Integer>path("total")).isEqualTo(4);
    }

    private Response send(Map<String, Object> body) {
        return as(apiKey).contentType(ContentType.JSON).body(body).post("/v1/inboxes/" + inboxId + "/messages/send");
    }

    private String recordFrom(String from, String subject) {
        return as(apiKey).contentType(ContentType.JSON).body(Map.of("from", from, "subject", subject, "text", "Hi"))
                .post("/v1/inboxes/" + inboxId + "/messages").then().statusCode(201).extract().path("id");
    }
}
