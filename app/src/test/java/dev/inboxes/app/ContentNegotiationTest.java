package dev.inboxes.app;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Generated clients build Accept from an operation's response types, and some send only the error type
 * (openapi-generator's python client: {@code Accept: application/problem+json}). Every route answers them with
 * its success body as application/json; only an Accept that excludes JSON altogether gets a 406 problem.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ContentNegotiationTest {

    private static final String JSON = "application/json";
    private static final String PROBLEM_JSON = "application/problem+json";

    private String apiKey;
    private String inboxId;

    @BeforeEach
    void account() {
        apiKey = Api.newAccount();
        inboxId = Api.createInbox(apiKey, Map.of("display_name", "Negotiated"));
    }

    /** Each route, called the way a generated client calls it, with the given Accept. */
    private Map<String, Function<RequestSpecification, Response>> everyRoute() {
        return Map.of(
                "createAccount", request -> request.post("/v1/accounts"),
                "createInbox", request -> request.header("Authorization", "Bearer " + apiKey)
                        .contentType(ContentType.JSON).body("{}").post("/v1/inboxes"),
                "listInboxes", request -> request.header("Authorization", "Bearer " + apiKey).get("/v1/inboxes"),
                "getInbox", request -> request.header("Authorization", "Bearer " + apiKey).get("/v1/inboxes/" + inboxId),
                "recordMessage", request -> request.header("Authorization", "Bearer " + apiKey)
                        .contentType(ContentType.JSON).body(Map.of("from", "a@example.com", "subject", "Hi", "text", "Hello"))
                        .post("/v1/inboxes/" + inboxId + "/messages"),
                "listMessages", request -> request.header("Authorization", "Bearer " + apiKey)
                        .get("/v1/inboxes/" + inboxId + "/messages"));
    }

    @ParameterizedTest
    @ValueSource(strings = {PROBLEM_JSON, "application/problem+json, application/json",
            "application/json, application/problem+json", "application/problem+json;q=0.5, text/html",
            "APPLICATION/PROBLEM+JSON", JSON, "*/*", "application/*", "text/html, application/json;q=0.1"})
    void everyRouteAnswersAnAcceptThatTakesJsonWithItsSuccessBodyAsJson(String accept) {
        everyRoute().forEach((operation, call) -> {
            Response response = call.apply(given().accept(accept));
            assertThat(response.statusCode()).as("%s with Accept: %s -> %s", operation, accept, response.asString())
                    .isBetween(200, 201);
            assertThat(response.contentType()).as(operation).startsWith(JSON);
        });
        // A delete has no body, and the generated python client sends only the error type for it.
        as(apiKey).accept(accept).delete("/v1/inboxes/" + inboxId).then().statusCode(204);
    }

    @Test
    void aRequestWithoutAcceptGetsJson() throws Exception {
        // The JDK client sends no Accept header unless told to (REST Assured always sends one).
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<String> list = client.send(HttpRequest.newBuilder(URI.create(Api.baseUrl() + "/v1/inboxes"))
                .header("Authorization", "Bearer " + apiKey).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> signUp = client.send(HttpRequest.newBuilder(URI.create(Api.baseUrl() + "/v1/accounts"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(list.request().headers().firstValue("Accept")).isEmpty();
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith(JSON));
        assertThat(signUp.statusCode()).isEqualTo(201);
        assertThat(signUp.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith(JSON));
    }

    @Test
    void errorsComeAsProblemsWhenOnlyProblemsAreAccepted() {
        assertProblem(as(apiKey).accept(PROBLEM_JSON).get("/v1/inboxes/inb_00000000000000000000"), 404, "not-found");
        assertProblem(as(apiKey).accept(PROBLEM_JSON).queryParam("cursor", "x").get("/v1/inboxes"), 400, "invalid-cursor");
        assertProblem(as(apiKey).accept(PROBLEM_JSON).delete("/v1/inboxes/inb_00000000000000000000"), 404, "not-found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/html", "application/xml", "text/*", "image/png, text/plain;q=0.9",
            "application/vnd.other+json"})
    void anAcceptThatExcludesJsonGetsA406SayingWhatToSend(String accept) {
        everyRoute().forEach((operation, call) -> {
            String detail = assertProblem(call.apply(given().accept(accept)), 406, "not-acceptable");
            assertThat(detail).as(operation).contains("Send Accept: application/json").contains("'" + accept + "'");
        });
        String detail = assertProblem(as(apiKey).accept(accept).delete("/v1/inboxes/" + inboxId), 406, "not-acceptable");
        assertThat(detail).contains("Send Accept: application/json");
        as(apiKey).get("/v1/inboxes/" + inboxId).then().statusCode(200); // a refused delete deleted nothing
    }

    @Test
    void a406ChangesNothing() {
        int before = as(apiKey).get("/v1/inboxes").then().extract().path("total");
        assertProblem(as(apiKey).accept("text/html").contentType(ContentType.JSON).body("{}").post("/v1/inboxes"),
                406, "not-acceptable");
        assertThat(as(apiKey).get("/v1/inboxes").then().extract().<Integer>path("total")).isEqualTo(before);
    }

    @Test
    void aLongAcceptIsQuotedShortened() {
        String accept = "text/html;" + "x".repeat(5_000);
        String detail = assertProblem(as(apiKey).accept(accept).get("/v1/inboxes"), 406, "not-acceptable");
        assertThat(detail).hasSizeLessThan(400).contains("…'");
    }
}
