package dev.inboxes.app.account;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresResource.class)
class AuthenticationTest {

    @TestHTTPResource(value = "/health/ready", management = true) // the management root is /q
    URL readiness;

    @Test
    void signingUpReturnsAnIdAndAKeyThatWorks() {
        Response created = given().post("/v1/accounts");
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.<String>path("id")).matches("acc_[0-9A-Za-z]{20}");
        String apiKey = created.path("api_key");
        assertThat(apiKey).matches("sk_[0-9A-Za-z]{40}");
        Api.as(apiKey).get("/v1/inboxes").then().statusCode(200);
    }

    @Test
    void protectedRoutesWithoutAKeyAreUnauthorizedProblems() {
        for (Response response : List.of(given().get("/v1/inboxes"), given().post("/v1/inboxes"),
                given().get("/v1/inboxes/inb_00000000000000000000"), given().get("/v1/unknown"))) {
            assertThat(Api.assertProblem(response, 401, "unauthorized")).contains("Authorization: Bearer");
            assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
        }
    }

    @Test
    void wrongOrMalformedCredentialsAreUnauthorizedProblems() {
        String validShapeButUnknown = "sk_" + "A".repeat(40);
        for (String authorization : List.of("Bearer sk_nope", "Bearer " + validShapeButUnknown, "Bearer ",
                "Basic dXNlcjpwYXNz", "sk_" + "A".repeat(40), "Bearer " + "x".repeat(5_000))) {
            Response response = given().header("Authorization", authorization).get("/v1/inboxes");
            assertThat(Api.assertProblem(response, 401, "unauthorized")).contains("not valid");
        }
    }

    @Test
    void theBearerSchemeIsCaseInsensitive() {
        String apiKey = Api.newAccount();
        given().header("Authorization", "bearer " + apiKey).get("/v1/inboxes").then().statusCode(200);
    }

    @Test
    void healthAndTheSpecNeedNoKey() {
        given().get(readiness.toString()).then().statusCode(200);
        given().get("/q/openapi").then().statusCode(200);
    }
}
