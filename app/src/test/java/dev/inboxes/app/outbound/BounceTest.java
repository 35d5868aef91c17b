package dev.inboxes.app.outbound;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static dev.inboxes.app.support.Smtp.crlf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.app.support.RelaySink;
import dev.inboxes.app.support.Smtp;
import dev.inboxes.domain.testing.SentMail;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.smtp.SmtpReceiver;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A message goes out through the relay, a delivery status notification comes back over SMTP to its envelope
 * sender, and the account sees the delivery bounced and the address suppressed, until it lifts it.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(RelaySink.class)
class BounceTest {

    private static final Duration DELIVERY = SentDeliveries.TIMEOUT;

    @Inject
    SmtpReceiver receiver;

    private String apiKey;
    private String inboxId;

    @BeforeEach
    void inbox() {
        apiKey = Api.newAccount();
        inboxId = Api.createInbox(apiKey, Map.of());
    }

    @Test
    void aHardBounceMarksTheSentDeliveryBouncedAndSuppressesTheAddressUntilItIsLifted() throws Exception {
        JsonPath sent = send("Bob@Example.com").then().statusCode(202).extract().jsonPath();
        RelaySink.Received relayed = RelaySink.await(sent.getString("message_id_header"), DELIVERY);
        SentDeliveries.await(apiKey, inboxId, sent.getString("id"), "sent");

        String reply = report(relayed.envelopeSender(), "failed", "5.1.1",
                "550 5.1.1 <bob@example.com>: Recipient address rejected");

        assertThat(reply).startsWith("250 2.0.0");
        JsonPath bounced = SentDeliveries.await(apiKey, inboxId, sent.getString("id"), "bounced");
        assertThat(bounced.getString("deliveries[0].smtp_reply")).isEqualTo("bounced after delivery (report 5.1.1): "
                + "550 5.1.1 <bob@example.com>: Recipient address rejected");
        assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages").jsonPath().getList("data.direction"))
                .as("the report is not stored as a message").containsExactly("outbound");
        JsonPath suppressions = as(apiKey).get("/v1/suppressions").then().statusCode(200).extract().jsonPath();
        assertThat(suppressions.getList("data.address")).containsExactly("bob@example.com");
        assertThat(suppressions.getList("data.reason")).containsExactly("hard-bounce");
        assertThat(suppressions.getString("data[0].created_at")).isNotNull();
        assertThat(suppressions.getInt("total")).isEqualTo(1);
        assertThat(as(Api.newAccount()).get("/v1/suppressions").jsonPath().getList("data")).as("another account's")
                .isEmpty();

        String detail = assertProblem(send("bob@example.com"), 422, "recipient-suppressed");
        assertThat(detail).contains("bob@example.com").contains("DELETE /v1/suppressions/bob@example.com");

        as(apiKey).delete("/v1/suppressions/BOB@example.com").then().statusCode(204);
        assertProblem(as(apiKey).delete("/v1/suppressions/bob@example.com"), 404, "not-found");
        assertThat(send("bob@example.com").statusCode()).isEqualTo(202);
    }

    @Test
    void aReportForAnUnknownDeliveryAndAnAutoReplyAreTakenAndDropped() throws IOException {
        assertThat(report("bounces+dlv_A1b2C3d4E5f6G7h8I9j0@inboxes.test", "failed", "5.1.1", "550 no"))
                .startsWith("250 2.0.0");
        try (Smtp.Dialogue smtp = new Smtp.Dialogue(receiver.port())) {
            smtp.command("EHLO mx.example.com");
            smtp.command("MAIL FROM:<>");
            assertThat(smtp.command("RCPT TO:<bounces+not-a-delivery@inboxes.test>")).startsWith("550 5.1.1");
            assertThat(smtp.command("RCPT TO:<bounces+dlv_A1b2C3d4E5f6G7h8I9j1@inboxes.test>")).startsWith("250");
            assertThat(smtp.data(crlf("Subject: Out of office\nAuto-Submitted: auto-replied\n\nBack Monday.\n")))
                    .startsWith("250 2.0.0");
        }
        assertThat(as(apiKey).get("/v1/suppressions").jsonPath().getList("data")).isEmpty();
    }

    @Test
    void theSuppressionListPagesLikeEveryList() throws Exception {
        for (int i = 0; i < 5; i++) {
            JsonPath sent = send("r" + i + "@example.com").then().statusCode(202).extract().jsonPath();
            RelaySink.Received relayed = RelaySink.await(sent.getString("message_id_header"), DELIVERY);
            SentDeliveries.await(apiKey, inboxId, sent.getString("id"), "sent");
            report(relayed.envelopeSender(), "failed", "5.1.1", "550 no such user");
            SentDeliveries.await(apiKey, inboxId, sent.getString("id"), "bounced");
        }

        PageWalk walk = Api.walk(apiKey, "/v1/suppressions", Map.of("limit", 2));

        assertThat(walk.items()).hasSize(5);
        assertThat(walk.total()).isEqualTo(5);
        assertThat(walk.pages()).hasSize(3);
        Response first = as(apiKey).queryParam("limit", 2).get("/v1/suppressions");
        assertThat(first.header("Link")).contains("rel=\"next\"").contains("/v1/suppressions?");
    }

    private Response send(String to) {
        return as(apiKey).contentType(ContentType.JSON)
                .body(Map.of("to", List.of(to), "subject", "Your order", "text", "It ships today."))
                .post("/v1/inboxes/" + inboxId + "/messages/send");
    }

    /** A delivery status notification to the envelope sender, as a remote MTA sends it; the reply to its data. */
    private String report(String envelopeSender, String action, String status, String diagnostic)
            throws IOException {
        try (Smtp.Dialogue smtp = new Smtp.Dialogue(receiver.port())) {
            smtp.command("EHLO mx.example.com");
            smtp.command("MAIL FROM:<>");
            assertThat(smtp.command("RCPT TO:<" + envelopeSender + ">")).startsWith("250");
            return smtp.data(crlf(SentMail.report("bob@example.com", action, status, diagnostic)));
        }
    }
}
