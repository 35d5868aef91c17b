package dev.inboxes.app.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.app.support.SeededAccount;
import dev.inboxes.sdk.AuthenticationException;
import dev.inboxes.sdk.ConflictException;
import dev.inboxes.sdk.CreateInboxParams;
import dev.inboxes.sdk.CursorMismatchException;
import dev.inboxes.sdk.Inbox;
import dev.inboxes.sdk.InboxesClient;
import dev.inboxes.sdk.InvalidCursorException;
import dev.inboxes.sdk.ListInboxesParams;
import dev.inboxes.sdk.Message;
import dev.inboxes.sdk.NewAccount;
import dev.inboxes.sdk.NotFoundException;
import dev.inboxes.sdk.Page;
import dev.inboxes.sdk.RecordMessageParams;
import dev.inboxes.sdk.ValidationException;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The Java SDK against the real app: programs get every inbox without seeing a page. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class SdkTest {

    @Test
    void listInboxesReturnsAll3219InboxesIn17Requests() {
        SeededAccount seeded = SeededAccount.get();
        AtomicInteger requests = new AtomicInteger();
        InboxesClient client = client(seeded.apiKey, requests);

        long started = System.nanoTime();
        List<Inbox> all = client.listInboxes();
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertThat(all).hasSize(SeededAccount.INBOXES);
        assertThat(all.stream().map(Inbox::id).collect(Collectors.toSet())).isEqualTo(seeded.inboxIds);
        assertThat(requests.get()).isEqualTo(17); // ceil(3219 / 200)
        System.out.printf("SDK listInboxes(): %d inboxes in %d ms with %d HTTP requests%n", all.size(), millis,
                requests.get());
    }

    @Test
    void streamsAreLazyAndFiltersFollowEveryPage() {
        SeededAccount seeded = SeededAccount.get();
        AtomicInteger requests = new AtomicInteger();
        InboxesClient client = client(seeded.apiKey, requests);

        assertThat(client.iterateInboxes(null).stream().limit(3).toList()).hasSize(3);
        assertThat(requests.get()).isEqualTo(1);

        List<Inbox> sales = client.iterateInboxes(ListInboxesParams.builder().q("sales desk").limit(50).build()).toList();
        assertThat(sales).hasSize(SeededAccount.salesDesks())
                .allSatisfy(inbox -> assertThat(inbox.displayName()).startsWith("Sales desk"));

        Page<Inbox> first = client.listInboxesPage(ListInboxesParams.builder().limit(10).build());
        assertThat(first.total()).hasValue(SeededAccount.INBOXES);
        Page<Inbox> second = client.listInboxesPage(ListInboxesParams.builder().limit(10).cursor(first.cursor()).build());
        assertThat(second.total()).isEmpty();
    }

    @Test
    void createsAreIdempotentAndProblemsAreTypedExceptions() {
        NewAccount account = InboxesClient.createAccount(Api.baseUrl());
        InboxesClient client = client(account.apiKey(), new AtomicInteger());
        String key = UUID.randomUUID().toString();
        String username = "sdk-" + key.substring(0, 8);

        Inbox inbox = client.createInbox(CreateInboxParams.builder().username(username).idempotencyKey(key).build());
        Inbox again = client.createInbox(CreateInboxParams.builder().username(username).idempotencyKey(key).build());
        assertThat(again).isEqualTo(inbox);
        assertThat(client.listInboxes()).hasSize(1);

        assertThatThrownBy(() -> client.createInbox(CreateInboxParams.builder().username(username).build()))
                .isInstanceOf(ConflictException.class).hasMessageContaining("already taken");
        assertThatThrownBy(() -> client.createInbox(CreateInboxParams.builder().username("bad name").build()))
                .isInstanceOf(ValidationException.class).hasMessageContaining("username must be");
        assertThatThrownBy(() -> client.getInbox("inb_00000000000000000000")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> client.listInboxesPage(ListInboxesParams.builder().cursor("garbage").build()))
                .isInstanceOf(InvalidCursorException.class);
        String cursor = client.listInboxesPage(ListInboxesParams.builder().limit(1).build()).cursor();
        assertThat(cursor).isNull(); // one inbox: no next page
        assertThatThrownBy(() -> client(SeededAccount.get().apiKey, new AtomicInteger()).listInboxesPage(
                ListInboxesParams.builder().cursor(otherAccountsCursor()).build()))
                .isInstanceOf(CursorMismatchException.class);
        assertThatThrownBy(() -> client("sk_" + "0".repeat(40), new AtomicInteger()).listInboxes())
                .isInstanceOf(AuthenticationException.class);
    }

    @Test
    void messagesAreRecordedAndListedInFull() {
        NewAccount account = InboxesClient.createAccount(Api.baseUrl());
        InboxesClient client = client(account.apiKey(), new AtomicInteger());
        Inbox inbox = client.createInbox();
        for (int i = 0; i < 250; i++) {
            client.recordMessage(inbox.id(), RecordMessageParams.builder().from("a@example.com").subject("Hello " + i)
                    .text("Body " + i).build());
        }
        List<Message> messages = client.listMessages(inbox.id());
        assertThat(messages).hasSize(250);
        assertThat(messages.get(0).subject()).isEqualTo("Hello 249");
        assertThat(Set.copyOf(messages)).hasSize(250);
        client.deleteInbox(inbox.id());
        assertThatThrownBy(() -> client.listMessages(inbox.id())).isInstanceOf(NotFoundException.class);
    }

    private static String otherAccountsCursor() {
        InboxesClient other = client(InboxesClient.createAccount(Api.baseUrl()).apiKey(), new AtomicInteger());
        other.createInbox();
        other.createInbox();
        return other.listInboxesPage(ListInboxesParams.builder().limit(1).build()).cursor();
    }

    private static InboxesClient client(String apiKey, AtomicInteger requests) {
        return InboxesClient.builder()
                .baseUrl(Api.baseUrl())
                .apiKey(apiKey)
                .requestListener((method, uri, status, duration) -> requests.incrementAndGet())
                .build();
    }
}
