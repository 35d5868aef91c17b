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
import dev.inboxes.generated.model.Delivery;
import dev.inboxes.generated.model.ForwardRequest;
import dev.inboxes.generated.model.MessageDetail;
import dev.inboxes.generated.model.ReplyRequest;
import dev.inboxes.generated.model.SendMessageRequest;
import dev.inboxes.generated.model.Inbox;
import dev.inboxes.generated.model.InboxPage;
import dev.inboxes.generated.model.MessagePage;
import dev.inboxes.generated.model.Problem;
import dev.inboxes.generated.model.RecordMessageRequest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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
        // The generator sends OffsetDateTime.format(ISO_OFFSET_DATE_TIME): here 2026-…T…+01:00.
        InboxPage elsewhere = inboxes.listInboxes(10, null, "sales desk", newest.withOffsetSameInstant(ZoneOffset.ofHours(1)), null);
        assertThat(elsewhere.getData()).extracting(Inbox::getId).containsExactly(sales.getData().get(0).getId());
        InboxPage before = inboxes.listInboxes(10, null, "sales desk", null,
                newest.withOffsetSameInstant(ZoneOffset.ofHoursMinutes(-3, -30)));
        assertThat(before.getTotal()).isEqualTo(SeededAccount.salesDesks() - 1);
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
        MessagePage page = messages.listMessages(created.getId(), null, null, null);
        assertThat(page.getTotal()).isEqualTo(1);
        assertThat(page.getData().get(0).getPreview()).isEqualTo("Hello");
        assertThat(messages.listMessages(created.getId(), null, null, "HELLO hi").getTotal()).isEqualTo(1);
        assertThat(messages.listMessages(created.getId(), null, null, "hello bye").getTotal()).isZero();

        inboxes.deleteInbox(created.getId());
        ApiException gone = catchThrowableOfType(ApiException.class, () -> inboxes.getInbox(created.getId()));
        assertThat(gone.getCode()).isEqualTo(404);
    }

    @Test
    void theGeneratedClientSendsRepliesAndReadsDeliveryStatus() throws Exception {
        AccountCreated account = new AccountsApi(client(null)).createAccount();
        ApiClient client = client(account.getApiKey());
        InboxesApi inboxes = new InboxesApi(client);
        Inbox from = inboxes.createInbox(null, new CreateInboxRequest());
        Inbox to = inboxes.createInbox(null, new CreateInboxRequest());
        MessagesApi messages = new MessagesApi(client);
        String key = UUID.randomUUID().toString();

        MessageDetail sent = messages.sendMessage(from.getId(), new SendMessageRequest().to(List.of(to.getAddress()))
                .subject("Hello from Java").text("Sent by the generated client"), key);
        assertThat(messages.sendMessage(from.getId(), new SendMessageRequest().to(List.of(to.getAddress()))
                .subject("Hello from Java").text("Sent by the generated client"), key).getId()).isEqualTo(sent.getId());
        assertThat(sent.getDirection()).isEqualTo(MessageDetail.DirectionEnum.OUTBOUND);
        assertThat(sent.getDeliveries()).extracting(Delivery::getStatus).containsExactly(Delivery.StatusEnum.QUEUED);

        MessageDetail delivered = sent;
        for (int tries = 0; tries < 100 && delivered.getDeliveries().get(0).getStatus() != Delivery.StatusEnum.SENT;
                tries++) {
            Thread.sleep(200);
            delivered = messages.getMessage(from.getId(), sent.getId());
        }
        assertThat(delivered.getDeliveries().get(0).getStatus()).isEqualTo(Delivery.StatusEnum.SENT);
        assertThat(delivered.getDeliveries().get(0).getLastAttemptAt()).isNotNull();

        String received = messages.listMessages(to.getId(), null, null, null).getData().get(0).getId();
        MessageDetail reply = messages.replyToMessage(to.getId(), received, new ReplyRequest().text("Got it"), null);
        assertThat(reply.getSubject()).isEqualTo("Re: Hello from Java");
        assertThat(reply.getInReplyTo()).isEqualTo(sent.getMessageIdHeader());
        MessageDetail forwarded = messages.forwardMessage(to.getId(), received,
                new ForwardRequest().to(List.of(from.getAddress())), null);
        assertThat(forwarded.getSubject()).isEqualTo("Fwd: Hello from Java");
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
        ApiException badLimit = catchThrowableOfType(ApiException.class,
                () -> new InboxesApi(client).listInboxes(0, null, null, null, null));
        assertThat(badLimit.getCode()).isEqualTo(400);
        assertThat(client.getObjectMapper().readValue(badLimit.getResponseBody(), Problem.class).getDetail())
                .contains("limit must be an integer from 1 to 200");

        ApiException unauthorized = catchThrowableOfType(ApiException.class,
                () -> new InboxesApi(client(null)).listInboxes(null, null, null, null, null));
        assertThat(unauthorized.getCode()).isEqualTo(401);
    }

    /** The Java example of docs/sdk.md's "Generated clients" section, verbatim (see the next test), run here. */
    @Test
    void theDocumentedExampleWorks() throws Exception {
        String baseUrl = Api.baseUrl();
        String apiKey = SeededAccount.get().apiKey;
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            ApiClient api = new ApiClient();
            api.updateBaseUri(baseUrl); // e.g. http://localhost:8080
            api.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + apiKey));
            InboxesApi inboxes = new InboxesApi(api);
            OffsetDateTime since = OffsetDateTime.now().minusDays(30);
            InboxPage page = inboxes.listInboxes(200, null, null, since, null); // limit, cursor, q, created_after, created_before
            List<Inbox> all = new ArrayList<>(page.getData());
            while (page.getHasMore()) {
                page = inboxes.listInboxes(200, page.getCursor(), null, since, null);
                all.addAll(page.getData());
            }
            try {
                inboxes.getInbox("inb_missing");
            } catch (ApiException e) {
                Problem problem = api.getObjectMapper().readValue(e.getResponseBody(), Problem.class); // e.getCode() == 404
                System.out.println(problem.getDetail());
            }

            assertThat(all).extracting(Inbox::getId).containsExactlyInAnyOrderElementsOf(SeededAccount.get().inboxIds);
        } finally {
            System.setOut(stdout);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("No inbox with id 'inb_missing'");
    }

    @Test
    void theDocumentedExampleIsTheCodeAbove() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "sdk.md"));
        String section = doc.substring(doc.indexOf("\n## Generated clients"));
        Matcher block = Pattern.compile("^```java\\R(.*?)^```", Pattern.DOTALL | Pattern.MULTILINE).matcher(section);
        String source = trimLines(Files.readString(Path.of("src", "test", "java", "dev", "inboxes", "app", "clients",
                "GeneratedClientTest.java")));
        int blocks = 0;
        while (block.find()) {
            assertThat(source).as("docs/sdk.md's generated Java example is this test's code").contains(trimLines(block.group(1)).strip());
            blocks++;
        }
        assertThat(blocks).isEqualTo(1);
    }

    private static String trimLines(String text) {
        return text.lines().map(String::strip).collect(Collectors.joining("\n"));
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
