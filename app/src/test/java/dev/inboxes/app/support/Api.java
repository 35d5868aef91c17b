package dev.inboxes.app.support;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The in-test app: its base URL, REST Assured requests as an account, and the checks of its answers. What the
 * API is asked to do goes through the one {@link Client}, so each operation is written once.
 */
public final class Api {

    private Api() {
    }

    /** The in-test app's base URL, such as {@code http://localhost:8081}. */
    public static String baseUrl() {
        return RestAssured.baseURI + ":" + RestAssured.port;
    }

    /** A new account's API key. */
    public static String newAccount() {
        return Client.newAccount(baseUrl());
    }

    public static RequestSpecification as(String apiKey) {
        return given().header("Authorization", "Bearer " + apiKey);
    }

    /** Creates an inbox from this body and returns its id. */
    public static String createInbox(String apiKey, Map<String, Object> body) {
        return call(() -> new Client(apiKey).createInboxFrom(baseUrl(), body));
    }

    /** Records a message in the inbox and returns its id. */
    public static String recordMessage(String apiKey, String inboxId, String subject, String text) {
        return call(() -> new Client(apiKey).recordMessage(baseUrl(), inboxId, subject, text));
    }

    /** {@code count} messages recorded in turn, the i-th with {@code subject(i)} and {@code text(i)}; their ids. */
    public static List<String> recordMessages(String apiKey, String inboxId, int count, IntFunction<String> subject,
            IntFunction<String> text) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(recordMessage(apiKey, inboxId, subject.apply(i), text.apply(i)));
        }
        return ids;
    }

    /**
     * One page of a REST list as JSON, after checking that it is a 200 whose {@code Link: <…>; rel="next"}
     * header comes exactly with {@code has_more}: the shape {@link PageWalk} walks.
     */
    public static JsonNode page(Response response) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
        try {
            JsonNode page = Client.JSON.readTree(response.asString());
            assertThat(response.header("Link") != null).as("Link header exactly when has_more")
                    .isEqualTo(page.path("has_more").asBoolean());
            return page;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page of a REST list after {@code cursor} (null: the first page), with these query parameters. */
    public static JsonNode page(String apiKey, String path, Map<String, ?> query, String cursor) {
        RequestSpecification request = as(apiKey).queryParams(query);
        return page(cursor == null ? request.get(path) : request.queryParam("cursor", cursor).get(path));
    }

    /** Walks a REST list of this account to its end, every page checked. */
    public static PageWalk walk(String apiKey, String path, Map<String, ?> query) {
        return call(() -> PageWalk.walk((cursor, index) -> page(apiKey, path, query, cursor)));
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

    private interface Call<T> {
        T run() throws Exception;
    }

    private static <T> T call(Call<T> call) {
        try {
            return call.run();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
