package dev.inboxes.app.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.IntFunction;

/** Creates many inboxes over real HTTP, a few requests in flight at a time, so seeding thousands stays quick. */
public final class Seeder {

    private static final int IN_FLIGHT = 8;

    private Seeder() {
    }

    /**
     * Creates {@code count} inboxes; {@code body} gives the JSON body of the i-th.
     *
     * @return the created inboxes' ids, in no particular order
     */
    public static List<String> createInboxes(String apiKey, int count, IntFunction<String> body) {
        HttpClient client = HttpClient.newHttpClient();
        URI uri = URI.create(Api.baseUrl() + "/v1/inboxes");
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        List<CompletableFuture<String>> created = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            inFlight.acquireUninterruptibly();
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .header("Authorization", "Bearer " + apiKey)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body.apply(i)))
                    .build();
            created.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, error) -> inFlight.release())
                    .thenApply(Seeder::idOf));
        }
        return created.stream().map(CompletableFuture::join).toList();
    }

    private static String idOf(HttpResponse<String> response) {
        if (response.statusCode() != 201) {
            throw new IllegalStateException("create failed: " + response.statusCode() + " " + response.body());
        }
        String body = response.body();
        int start = body.indexOf("\"id\":\"") + 6;
        return body.substring(start, body.indexOf('"', start));
    }
}
