package dev.inboxes.app.support;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;

/** Small helpers over real HTTP calls, so tests read as the scenario they check. */
public final class Api {

    private Api() {
    }

    /** The in-test app's base URL, such as {@code http://localhost:8081}. */
    public static String baseUrl() {
        return RestAssured.baseURI + ":" + RestAssured.port;
    }

    /** A new account's API key. */
    public static String newAccount() {
        return given().post("/v1/accounts").then().statusCode(201).extract().path("api_key");
    }

    public static RequestSpecification as(String apiKey) {
        return given().header("Authorization", "Bearer " + apiKey);
    }

    /** Creates an inbox and returns its id. */
    public static String createInbox(String apiKey, Map<String, Object> body) {
        return as(apiKey).contentType(ContentType.JSON).body(body)
                .post("/v1/inboxes").then().statusCode(201).extract().path("id");
    }

    /** Asserts the response is an RFC 9457 problem of this status and type, and returns its detail. */
    public static String assertProblem(Response response, int status, String type) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.<String>path("type")).isEqualTo("https://inboxes.dev/problems/" + type);
        assertThat(response.<Integer>path("status")).isEqualTo(status);
        assertThat(response.<String>path("title")).isNotBlank();
        String detail = response.path("detail");
        assertThat(detail).isNotBlank();
        return detail;
    }
}
