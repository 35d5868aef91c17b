package dev.inboxes.app.support;

import io.restassured.http.ContentType;
import java.util.Map;

/** Recording messages over real HTTP. */
public final class Messages {

    private Messages() {
    }

    /** Records a message in the inbox and returns its id. */
    public static String record(String apiKey, String inboxId, String subject, String text) {
        return Api.as(apiKey).contentType(ContentType.JSON)
                .body(Map.of("from", "sender@example.com", "subject", subject, "text", text))
                .post("/v1/inboxes/" + inboxId + "/messages").then().statusCode(201).extract().path("id");
    }
}
