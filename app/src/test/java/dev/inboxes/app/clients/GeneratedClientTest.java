package dev.inboxes.app.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.app.support.SeededAccount;
import dev.inboxes.generated.ApiClient;
import dev.inboxes.generated.ApiException;
import dev.inboxes.generated.api.AccountsApi;
import dev.inboxes.generated.api.InboxesApi;
import dev.inboxes.generated.api.MessagesApi;
import dev.inboxes.generated.model.AccountCreated;
import dev.inboxes.generated.model.CreateInboxRequest;
import dev.inboxes.generated.model.Inbox;
import dev.inboxes.generated.model.InboxPage;
import dev.inboxes.generated.model.MessagePage;
import dev.inboxes.generated.model.Problem;
import dev.inboxes.generated.model.RecordMessageRequest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A client generated from docs/openapi.json by openapi-generator (java, native library), used with no hand
 * edits: only generated classes and their documented hooks (base URI, request interceptor for the header).
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class GeneratedClientTest {

    @Test
    void theGeneratedClientWalksAll3219InboxesUsingOnlyGeneratedCode() throws ApiException {
        SeededAccount seeded = SeededAccount.get();
        InboxesApi inboxes = new InboxesApi(client(seeded.apiKey));

        List<String> ids = new ArrayList<>();
        InboxPage page = inboxes.listInboxes(200, null, null, null, null);
        assertThat(page.getTotal()).isEqualTo(SeededAccount.INBOXES);
        int pages = 1;
        ids.addAll(page.getData().stream().map(Inbox::getId).toList());
        while (page.getHasMore()) {
            page = inboxes.listInboxes(200, page.getCursor(), null, null, null);
            assertThat(page.getTotal()).as("total on the first page only").isNull();
            ids.addAll(page.getData().stream().map(Inbox::getId).toList());
            pages++;
        }

        assertThat(page.getCursor()).isNull();
        assertThat(pages).isEqualTo(17);
        assertThat(ids).doesNotHaveDuplicates();
        assertThat(Set.copyOf(ids)).isEqualTo(seeded.inboxIds);
    }

    @Test
    void filtersAndTimesMapToTypedParameters() throws ApiException {
        SeededAccount seeded = SeededAccount.get();
        InboxesApi inboxes = new InboxesApi(client(seeded.apiKey));
        InboxPage sales = inboxes.listInboxes(10, null, "sales desk", null, null);
        assertThat(sales.getTotal()).isEqualTo(SeededAccount.salesDesks());
        OffsetDateTime newest = sales.getData().get(0).getCreatedAt();
        InboxPage after = inboxes.listInboxes(10, null, "sales desk", newest, null);
        assertThat(after.getData()).extracting(Inbox::getId).containsExactly(sales.getData().get(0).getId());
    }

    @Test
    void accountsInboxesAndMessagesWorkEndToEnd() throws ApiException {
        AccountCreated account = new AccountsApi(client(null)).createAccount();
        ApiClient client = client(account.getApiKey());
        InboxesApi inboxes = new InboxesApi(client);
        String key = UUID.randomUUID().toString();
        Inbox created = inboxes.createInbox(key, new CreateInboxRequest().displayName("Generated"));
        assertThat(inboxes.createInbox(key, new CreateInboxRequest().displayName("Generated")).getId())
                .isEqualTo(created.getId());
        assertThat(created.getDisplayName()).isEqualTo("Generated");
        assertThat(inboxes.getInbox(created.getId()).getAddress()).isEqualTo(created.getAddress());

        MessagesApi messages = new MessagesApi(client);
        messages.recordMessage(created.getId(), new RecordMessageRequest().from("a@example.com").subject("Hi").text("Hello"));
        MessagePage page = messages.listMessages(created.getId(), null, null);
        assertThat(page.getTotal()).isEqualTo(1);
        assertThat(page.getData().get(0).getPreview()).isEqualTo("Hello");

        inboxes.deleteInbox(created.getId());
        ApiException gone = catchThrowableOfType(ApiException.class, () -> inboxes.getInbox(created.getId()));
        assertThat(gone.getCode()).isEqualTo(404);
    }

    @Test
    void errorsCarryAProblemTheGeneratedModelReads() throws Exception {
        ApiClient client = client(SeededAccount.get().apiKey);
        ApiException badCursor = catchThrowableOfType(ApiException.class,
                () -> new InboxesApi(client).listInboxes(null, "not-a-cursor", null, null, null));
        assertThat(badCursor.getCode()).isEqualTo(400);
        Problem problem = client.getObjectMapper().readValue(badCursor.getResponseBody(), Problem.class);
        assertThat(problem.getType()).endsWith("/invalid-cursor");
        assertThat(problem.getDetail()).contains("start again without cursor");

        ApiException unauthorized = catchThrowableOfType(ApiException.class,
                () -> new InboxesApi(client(null)).listInboxes(null, null, null, null, null));
        assertThat(unauthorized.getCode()).isEqualTo(401);
    }

    private static ApiClient client(String apiKey) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(Api.baseUrl());
        if (apiKey != null) {
            client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + apiKey));
        }
        return client;
    }
}
