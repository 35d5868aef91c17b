package dev.inboxes.app.outbound;

import static dev.inboxes.app.support.Api.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The embedded default has no relay: its own inboxes still write to each other, and the rest fails at once, saying why. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class SendWithoutRelayTest {

    @Test
    void anExternalRecipientFailsAtOnceNamingTheSettingAndNothingIsQueuedForIt() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());

        JsonPath sent = as(apiKey).contentType(ContentType.JSON)
                .body(Map.of("to", List.of("alice@example.com"), "subject", "Hello", "text", "x"))
                .post("/v1/inboxes/" + inboxId + "/messages/send").then().statusCode(202).extract().jsonPath();

        assertThat(sent.getList("deliveries.status")).containsExactly("failed");
        assertThat(sent.getString("deliveries[0].smtp_reply")).contains("INBOXES_SMTP_RELAY_HOST");
        assertThat(sent.getString("deliveries[0].next_attempt_at")).isNull();
        assertThat(sent.getInt("deliveries[0].attempts")).isZero();
    }
}
