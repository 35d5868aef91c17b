package dev.inboxes.domain.thread;

import static dev.inboxes.domain.testing.InMemoryMail.ACCOUNT;
import static dev.inboxes.domain.testing.InMemoryMail.OTHER_ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.testing.InMemoryMail;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ThreadServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-29T21:48:33.123456Z");

    private final InMemoryMail mail = new InMemoryMail(Clock.fixed(T0, ZoneOffset.UTC));
    private final ThreadService service = new ThreadService(mail.messageStore, mail.inboxes, mail.cursors);
    private final Inbox inbox = mail.newInbox("support");
    private int delivered;

    /** Delivers a message; with {@code replyTo}, a reply naming that Message-ID. Returns its row. */
    private Message deliver(String replyTo) {
        String messageId = "<m" + delivered + "." + RandomIds.base62(8) + "@example.com>";
        MessageContent content = new MessageContent("sender" + delivered % 3 + "@example.com", null,
                inbox.address(), null, null, "Subject " + delivered, null, messageId, replyTo,
                replyTo == null ? List.of() : List.of(replyTo), "Text " + delivered, null, List.of(),
                ("Message-ID: " + messageId + "\r\n\r\nText\r\n").getBytes(StandardCharsets.UTF_8));
        NewMessage message = MessageService.newMessage(RandomIds.newId(Message.ID_PREFIX), ACCOUNT, inbox.id(), content,
                MessageService.dedupeKey(content), T0.plusMillis(delivered++));
        Message row = mail.messageStore.insertAll(List.of(message)).get(0).row();
        messageIds.put(row.threadId(), messageId);
        return row;
    }

    /** Each thread's first Message-ID, to reply into it. */
    private final Map<String, String> messageIds = new HashMap<>();

    private static PageRequest request(int limit, String cursor) {
        return PageRequest.of(limit, cursor, PageLimits.PROGRAMS);
    }

    @Nested
    class List_ {

        @Test
        void threadsComeLatestActivityFirstWithTheTotalOnTheFirstPage() {
            Message a = deliver(null);
            Message b = deliver(null);
            deliver(messageIds.get(a.threadId()));

            Page<MessageThread> page = service.list(ACCOUNT, inbox.id(), request(10, null));

            assertThat(page.items()).extracting(MessageThread::id).containsExactly(a.threadId(), b.threadId());
            assertThat(page.total()).hasValue(2);
            assertThat(page.hasMore()).isFalse();
            assertThat(page.items().get(0).messageCount()).isEqualTo(2);
        }

        @Test
        void aThreadThatReceivesMailDuringAWalkComesAgainAtItsEndAndNothingIsMissed() {
            List<Message> first = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                first.add(deliver(null));
            }
            Page<MessageThread> one = service.list(ACCOUNT, inbox.id(), request(2, null)); // threads 4, 3
            deliver(messageIds.get(first.get(4).threadId())); // already returned: comes again
            deliver(messageIds.get(first.get(0).threadId())); // not yet returned: jumps above the cursor
            Message created = deliver(null);                  // new during the walk

            List<String> seen = new ArrayList<>(one.items().stream().map(MessageThread::id).toList());
            String cursor = one.nextCursor();
            while (cursor != null) {
                Page<MessageThread> page = service.list(ACCOUNT, inbox.id(), request(2, cursor));
                page.items().forEach(thread -> seen.add(thread.id()));
                assertThat(page.total()).isEmpty();
                cursor = page.nextCursor();
            }

            assertThat(seen).containsExactly(first.get(4).threadId(), first.get(3).threadId(),
                    first.get(2).threadId(), first.get(1).threadId(),
                    first.get(4).threadId(), first.get(0).threadId(), created.threadId());
        }

        @Test
        void aPageThatFinishesTheFirstPhaseIsFilledFromTheSecond() {
            Message a = deliver(null);
            Message b = deliver(null);
            Page<MessageThread> one = service.list(ACCOUNT, inbox.id(), request(1, null));
            deliver(messageIds.get(b.threadId()));

            Page<MessageThread> two = service.list(ACCOUNT, inbox.id(), request(5, one.nextCursor()));

            assertThat(two.items()).extracting(MessageThread::id).containsExactly(a.threadId(), b.threadId());
            assertThat(two.hasMore()).isFalse();
        }

        @Test
        void aFullLastPageOfTheFirstPhaseSaysWhetherTheSecondHasRows() {
            Message a = deliver(null);
            Message b = deliver(null);
            Page<MessageThread> exactly = service.list(ACCOUNT, inbox.id(), request(2, null));
            assertThat(exactly.hasMore()).isFalse();

            Page<MessageThread> one = service.list(ACCOUNT, inbox.id(), request(2, null));
            deliver(messageIds.get(a.threadId()));
            Page<MessageThread> empty = service.list(ACCOUNT, inbox.id(), request(1, null));
            assertThat(empty.items()).extracting(MessageThread::id).containsExactly(a.threadId());
            assertThat(one.items()).extracting(MessageThread::id).containsExactly(b.threadId(), a.threadId());
        }

        /** The walk guarantee against a model: deliveries between pages, random page sizes, seeded and printed. */
        @ParameterizedTest
        @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
        void everyThreadPresentForTheWholeWalkIsReturnedAndOnlyChangedOnesTwice(long round) {
            long seed = new Random().nextLong() ^ round;
            Random random = new Random(seed);
            List<String> threads = new ArrayList<>();
            for (int i = random.nextInt(40); i >= 0; i--) {
                threads.add(deliver(threads.isEmpty() || random.nextBoolean() ? null
                        : messageIds.get(threads.get(random.nextInt(threads.size())))).threadId());
            }
            Set<String> present = new HashSet<>(threads);
            Set<String> changed = new HashSet<>();
            List<String> seen = new ArrayList<>();
            String cursor = null;
            do {
                Page<MessageThread> page = service.list(ACCOUNT, inbox.id(), request(1 + random.nextInt(7), cursor));
                page.items().forEach(thread -> seen.add(thread.id()));
                cursor = page.nextCursor();
                for (int i = random.nextInt(4); i > 0; i--) {
                    String into = random.nextInt(3) == 0 ? null
                            : new ArrayList<>(messageIds.keySet()).get(random.nextInt(messageIds.size()));
                    Message row = deliver(into == null ? null : messageIds.get(into));
                    changed.add(row.threadId());
                }
            } while (cursor != null);

            assertThat(seen).as("seed %d", seed).containsAll(present);
            Set<String> once = new HashSet<>();
            for (String id : seen) {
                assertThat(once.add(id) || changed.contains(id)).as("seed %d: %s twice without new mail", seed, id)
                        .isTrue();
            }
        }

        @Test
        void aCursorBelongsToItsInboxAndAccount() {
            deliver(null);
            deliver(null);
            String cursor = service.list(ACCOUNT, inbox.id(), request(1, null)).nextCursor();
            Inbox other = mail.newInbox("other");

            assertThatThrownBy(() -> service.list(ACCOUNT, other.id(), request(1, cursor)))
                    .isInstanceOf(CursorMismatchException.class);
            assertThatThrownBy(() -> service.list(OTHER_ACCOUNT, inbox.id(), request(1, cursor)))
                    .isInstanceOf(NotFoundException.class);
        }
    }

    @Nested
    class Messages {

        @Test
        void aThreadsMessagesAreOldestFirstAndItsCursorIsItsOwn() {
            Message first = deliver(null);
            Message second = deliver(messageIds.get(first.threadId()));
            Message third = deliver(messageIds.get(first.threadId()));
            Message elsewhere = deliver(null);

            Page<Message> one = service.messages(ACCOUNT, inbox.id(), first.threadId(), request(2, null));
            Page<Message> two = service.messages(ACCOUNT, inbox.id(), first.threadId(), request(2, one.nextCursor()));

            assertThat(one.items()).containsExactly(first, second);
            assertThat(one.total()).hasValue(3);
            assertThat(two.items()).containsExactly(third);
            assertThat(service.read(ACCOUNT, inbox.id(), first.threadId(), request(2, one.nextCursor()), 3).items())
                    .extracting(ThreadMessage::text).containsExactly("Tex");
            assertThatThrownBy(() -> service.messages(ACCOUNT, inbox.id(), elsewhere.threadId(),
                    request(2, one.nextCursor()))).isInstanceOf(CursorMismatchException.class);
        }

        @Test
        void anUnknownThreadOrAnotherAccountsIsNotFound() {
            Message first = deliver(null);

            assertThatThrownBy(() -> service.messages(ACCOUNT, inbox.id(), "thr_00000000000000000000", request(2, null)))
                    .isInstanceOf(NotFoundException.class).hasMessageContaining("list the inbox's threads");
            assertThatThrownBy(() -> service.get(OTHER_ACCOUNT, inbox.id(), first.threadId()))
                    .isInstanceOf(NotFoundException.class).hasMessageContaining("inbox");
        }
    }
}
