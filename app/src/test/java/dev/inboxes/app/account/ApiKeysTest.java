package dev.inboxes.app.account;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.sdk.ApiKey;
import dev.inboxes.sdk.AuthenticationException;
import dev.inboxes.sdk.ConflictException;
import dev.inboxes.sdk.InboxesClient;
import dev.inboxes.sdk.PageParams;
import dev.inboxes.sdk.NewApiKey;
import dev.inboxes.sdk.NotFoundException;
import dev.inboxes.sdk.Page;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An account's API keys: listed like every list, created with their secret shown once, revoked at once. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ApiKeysTest {

    @Test
    void keysAreCreatedListedNewestFirstWithoutSecretsAndWalkedLikeEveryList() {
        String apiKey = Api.newAccount();
        List<String> secrets = new ArrayList<>(List.of(apiKey));
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Response created = as(apiKey).post("/v1/api-keys");
            assertThat(created.statusCode()).as(created.asString()).isEqualTo(201);
            assertThat(created.jsonPath().getMap("$")).containsOnlyKeys("id", "api_key", "created_at");
            assertThat(created.<String>path("id")).matches("key_[0-9A-Za-z]{20}");
            assertThat(created.<String>path("api_key")).matches("sk_[0-9A-Za-z]{40}");
            secrets.add(created.path("api_key"));
            ids.add(created.path("id"));
        }

        PageWalk walk = Api.walk(apiKey, "/v1/api-keys", Map.of("limit", 3));

        assertThat(walk.total()).isEqualTo(7);
        assertThat(walk.pages()).hasSize(3);
        walk.assertStrictOrderWithoutRepeats("created_at");
        assertThat(walk.ids()).containsAll(ids).hasSize(7);
        walk.items().forEach(row -> {
            assertThat(row.fieldNames()).toIterable().containsExactlyInAnyOrder("id", "prefix", "created_at", "last_used_at");
            assertThat(secrets.stream().anyMatch(secret -> secret.startsWith(row.path("prefix").asText()))).isTrue();
        });
        assertThat(walk.items().toString()).doesNotContain(secrets.get(1).substring(8));
        for (String secret : secrets) {
            as(secret).get("/v1/inboxes").then().statusCode(200);
        }
        Instant lastUsed = Instant.parse(Api.walk(apiKey, "/v1/api-keys", Map.of()).items().stream()
                .filter(row -> !row.path("last_used_at").isNull()).findFirst().orElseThrow().path("last_used_at").asText());
        assertThat(lastUsed).isBefore(Instant.now().plusSeconds(1));
    }

    @Test
    void aDeletedKeyStopsWorkingAtOnceAndTheLastKeyStays() {
        String first = Api.newAccount();
        Response second = as(first).post("/v1/api-keys");
        String secondKey = second.path("api_key");
        String secondId = second.path("id");
        as(secondKey).get("/v1/inboxes").then().statusCode(200); // cached now

        as(first).delete("/v1/api-keys/" + secondId).then().statusCode(204);

        assertProblem(as(secondKey).get("/v1/inboxes"), 401, "unauthorized");
        assertProblem(as(first).delete("/v1/api-keys/" + secondId), 404, "not-found");
        String firstId = Api.walk(first, "/v1/api-keys", Map.of()).ids().get(0);
        String detail = assertProblem(as(first).delete("/v1/api-keys/" + firstId), 409, "last-api-key");
        assertThat(detail).contains("Create another key first");
        as(first).get("/v1/inboxes").then().statusCode(200);
    }

    @Test
    void aKeyMayDeleteItselfAndAnotherAccountsKeyIsNotFound() {
        String owner = Api.newAccount();
        String spare = as(owner).post("/v1/api-keys").path("api_key");
        String ownerKeyId = Api.walk(owner, "/v1/api-keys", Map.of()).items().stream()
                .filter(row -> owner.startsWith(row.path("prefix").asText())).findFirst().orElseThrow().path("id").asText();
        String stranger = Api.newAccount();

        assertProblem(as(stranger).delete("/v1/api-keys/" + ownerKeyId), 404, "not-found");
        for (String id : List.of("key_0000000000000000000", "x", "key_00000000000000000000%00", "%00")) {
            assertProblem(as(owner).urlEncodingEnabled(false).delete("/v1/api-keys/" + id), 404, "not-found");
        }
        as(owner).delete("/v1/api-keys/" + ownerKeyId).then().statusCode(204);
        assertProblem(as(owner).get("/v1/inboxes"), 401, "unauthorized");
        as(spare).get("/v1/inboxes").then().statusCode(200);
    }

    @Test
    void anAccountHoldsAtMostOneHundredKeys() {
        String apiKey = Api.newAccount();
        for (int i = 1; i < 100; i++) {
            as(apiKey).post("/v1/api-keys").then().statusCode(201);
        }

        assertThat(assertProblem(as(apiKey).post("/v1/api-keys"), 409, "too-many-api-keys")).contains("100");
        assertThat(Api.page(as(apiKey).get("/v1/api-keys")).path("total").asLong()).isEqualTo(100);
    }

    @Test
    void withoutAKeyTheKeyRoutesAreUnauthorized() {
        for (Response response : List.of(io.restassured.RestAssured.given().get("/v1/api-keys"),
                io.restassured.RestAssured.given().post("/v1/api-keys"),
                io.restassured.RestAssured.given().delete("/v1/api-keys/key_00000000000000000000"))) {
            assertProblem(response, 401, "unauthorized");
        }
    }

    @Test
    void theSdkListsCreatesAndDeletesKeys() {
        InboxesClient owner = InboxesClient.builder().baseUrl(Api.baseUrl()).apiKey(Api.newAccount()).build();
        List<NewApiKey> created = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            created.add(owner.createApiKey());
        }
        assertThat(created.get(0).toString()).doesNotContain(created.get(0).apiKey());

        Page<ApiKey> first = owner.listApiKeysPage(PageParams.builder().limit(2).build());
        List<ApiKey> all = owner.iterateApiKeys(PageParams.builder().limit(2).build()).toList();

        assertThat(first.total()).hasValue(5);
        assertThat(first.hasMore()).isTrue();
        assertThat(all).hasSize(5).extracting(ApiKey::id).containsAll(created.stream().map(NewApiKey::id).toList());
        assertThat(owner.listApiKeys()).isEqualTo(all);
        InboxesClient second = InboxesClient.builder().baseUrl(Api.baseUrl()).apiKey(created.get(1).apiKey()).build();
        second.listInboxes();

        owner.deleteApiKey(created.get(1).id());

        assertThatThrownBy(second::listInboxes).isInstanceOf(AuthenticationException.class);
        assertThatThrownBy(() -> owner.deleteApiKey(created.get(1).id())).isInstanceOf(NotFoundException.class);
        assertThat(Set.copyOf(owner.listApiKeys().stream().map(ApiKey::id).toList())).hasSize(4);
        InboxesClient lonely = InboxesClient.builder().baseUrl(Api.baseUrl()).apiKey(Api.newAccount()).build();
        String onlyKey = lonely.listApiKeys().get(0).id();
        assertThatThrownBy(() -> lonely.deleteApiKey(onlyKey)).isInstanceOf(ConflictException.class);
    }
}
