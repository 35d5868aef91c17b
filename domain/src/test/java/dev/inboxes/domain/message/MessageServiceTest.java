package dev.inboxes.domain.message;

import dev.inboxes.domain.message.MessageContent;
import static dev.inboxes.domain.testing.InMemoryMail.ACCOUNT;
import static dev.inboxes.domain.testing.InMemoryMail.OTHER_ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.testing.InMemoryMail;
import dev.inboxes.domain.testing.InMemoryMessageStore;
import dev.inboxes.domain.testing.ListOrder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class MessageServiceTest {

    private static final Instant NOW_WITH_NANOS = Instant.parse("2026-11-29T21:48:33.123456789Z");

    private final InMemoryMail mail = new InMemoryMail(Clock.fixed(NOW_WITH_NANOS, ZoneOffset.UTC));
    private final MessageService service = mail.messages;
    private final Inbox inbox = mail.newInbox("support");

    private static RecordMessage hello(String to) {
        return RecordMessage.of("alice@example.com", to, "Hello", "Hi there");
    }

    @Nested
    class Record {

        @Test
        void theMessageIsStoredWithANewIdTheClockInMicrosecondsAndThePreview() {
            Message message = service.record(ACCOUNT, inbox.id(), RecordMessage.of("alice@example.com", null,
                    "Order", "x".repeat(MessageContent.PREVIEW_LENGTH + 50)));

            assertThat(RandomIds.hasShape(Message.ID_PREFIX, message.id())).isTrue();
            assertThat(message.inboxId()).isEqualTo(inbox.id());
            assertThat(message.receivedAt()).isEqualTo(Instant.parse("2026-11-29T21:48:33.123456Z"));
            assertThat(message.preview()).hasSize(MessageContent.PREVIEW_LENGTH);
            assertThat(service.list(ACCOUNT, inbox.id(), PageRequest.of(null, null, PageLimits.PROGRAMS)).items())
                    .containsExactly(message);
        }

        @Test
        void withoutARecipientTheMessageIsToTheInboxsAddress() {
            assertThat(service.record(ACCOUNT, inbox.id(), hello(null)).to()).isEqualTo("support@mail.example.com");
            assertThat(service.record(ACCOUNT, inbox.id(), hello("alias@example.com")).to())
                    .isEqualTo("alias@example.com");
        }

        @Test
        void anUnknownInboxIsNotFoundAndNothingIsStored() {
            assertThatThrownBy(() -> service.record(ACCOUNT, "inb_00000000000000000000", hello(null)))
                    .isInstanceOf(NotFoundException.class).hasMessageContaining("list inboxes to find it");
        }

        @Test
        void anotherAccountsInboxIsNotFoundAndNothingIsStored() {
            assertThatThrownBy(() -> service.record(OTHER_ACCOUNT, inbox.id(), hello(null)))
                    .isInstanceOf(NotFoundException.class);

            assertThat(service.list(ACCOUNT, inbox.id(), PageRequest.of(null, null, PageLimits.PROGRAMS)).total())
                    .hasValue(0);
        }

        @Test
        void anInboxDeletedBeforeTheInsertIsNotFound() {
            MessageService racing = new MessageService(new InMemoryMessageStore(mail.inboxStore) {
                @Override
                public List<StoreOutcome> insertAll(List<NewMessage> messages) {
                    messages.forEach(message -> mail.inboxStore.delete(message.accountId(), message.inboxId()));
                    return super.insertAll(messages);
                }
            }, mail.inboxes, mail.cursors, mail.clock);

            assertThatThrownBy(() -> racing.record(ACCOUNT, inbox.id(), hello(null)))
                    .isInstanceOf(NotFoundException.class);
        }
    }

    @Nested
    class ListMessages {

        @Test
        void walkingReturnsEveryMessageOnceNewestFirstWithTheTotalOnTheFirstPage() {
            List<Message> recorded = new ArrayList<>();
            for (int i = 0; i < 11; i++) {
                recorded.add(service.record(ACCOUNT, inbox.id(), hello(null))); // one instant: ties broken by id
            }
            List<Message> seen = new ArrayList<>();

            Page<Message> page = service.list(ACCOUNT, inbox.id(), PageRequest.of(4, null, PageLimits.PROGRAMS));
            assertThat(page.total()).hasValue(11);
            seen.addAll(page.items());
            while (page.hasMore()) {
                page = service.list(ACCOUNT, inbox.id(), PageRequest.of(4, page.nextCursor(), PageLimits.PROGRAMS));
                assertThat(page.total()).isEmpty();
                seen.addAll(page.items());
            }

            assertThat(seen).containsExactlyElementsOf(recorded.stream().sorted(ListOrder.rows()).toList());
        }

        @Test
        void anUnknownOrForeignInboxIsNotFoundEvenThoughItWouldBeEmpty() {
            assertThatThrownBy(() -> service.list(ACCOUNT, "inb_00000000000000000000",
                    PageRequest.of(null, null, PageLimits.PROGRAMS))).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> service.list(OTHER_ACCOUNT, inbox.id(),
                    PageRequest.of(null, null, PageLimits.PROGRAMS))).isInstanceOf(NotFoundException.class);
        }

        @Test
        void aCursorOfAnotherInboxIsAMismatch() {
            Inbox other = mail.newInbox("sales");
            for (int i = 0; i < 3; i++) {
                service.record(ACCOUNT, inbox.id(), hello(null));
                service.record(ACCOUNT, other.id(), hello(null));
            }
            String cursor = service.list(ACCOUNT, inbox.id(), PageRequest.of(1, null, PageLimits.PROGRAMS)).nextCursor();

            assertThatThrownBy(() -> service.list(ACCOUNT, other.id(), PageRequest.of(1, cursor, PageLimits.PROGRAMS)))
                    .isInstanceOf(CursorMismatchException.class);
        }
    }
}
