package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.paging.ActivityKey;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.thread.MessageThread;
import dev.inboxes.domain.thread.ThreadMessage;
import dev.inboxes.domain.thread.ThreadRules;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.domain.wait.Arrival;
import dev.inboxes.domain.wait.ArrivalStore;
import dev.inboxes.domain.wait.Arrivals;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ThreadStore} and {@link ArrivalStore} does with the messages its {@link MessageStore} stores, run
 * against the in-memory stores and the PostgreSQL stores alike: the threading rules, the threads' rows, the order of
 * arrivals.
 */
public abstract class ThreadStoreContract extends StoreContract {

    private static final Instant T0 = Instant.parse("2026-11-29T21:48:33.123456Z");

    private String account;
    private Inbox inbox;

    private void newInbox() {
        account = newAccount();
        inbox = inboxes().create(account, new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "t" + RandomIds.lowercaseAlphanumeric(15) + "@contract.test", null, T0), null).inbox();
    }

    /** A message as received: its sender, subject, Message-ID, In-Reply-To and References. */
    private record Mail(String from, String subject, String messageId, String inReplyTo, List<String> references,
                        String text) {

        static Mail from(String from, String subject) {
            return new Mail(from, subject, newMessageId(), null, List.of(), "Text of " + subject);
        }

        Mail replyingTo(Mail original) {
            return new Mail(from, subject, messageId, original.messageId, List.of(original.messageId), text);
        }

        Mail naming(String parent) {
            return new Mail(from, subject, messageId, parent, List.of(parent), text);
        }

        Mail saying(String body) {
            return new Mail(from, subject, messageId, inReplyTo, references, body);
        }

        MessageContent content() {
            String raw = "Message-ID: " + messageId + "\r\nSubject: " + subject + "\r\n\r\n" + text + "\r\n";
            return new MessageContent(from, null, "box@contract.test", null, null, subject, T0, messageId, inReplyTo,
                    references, text, null, List.of(), raw.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String newMessageId() {
        return "<" + RandomIds.base62(12) + "@contract.test>";
    }

    private Message deliver(Mail mail, Instant receivedAt) {
        MessageContent content = mail.content();
        NewMessage message = MessageService.newMessage(RandomIds.newId(Message.ID_PREFIX), account, inbox.id(), content,
                MessageService.dedupeKey(content), receivedAt);
        StoreOutcome outcome = messages().insertAll(List.of(message)).get(0);
        assertThat(outcome.status()).isEqualTo(StoreOutcome.Status.STORED);
        return outcome.row();
    }

    private MessageThread thread(String threadId) {
        return threads().find(inbox.id(), threadId).orElseThrow();
    }

    private List<String> latestFirst() {
        return threads().page(inbox.id(), 0, null, true, 100, true).rows().stream().map(MessageThread::id).toList();
    }

    @Test
    void aReplyJoinsTheThreadOfItsOriginalWhichCountsItsMessagesAndSenders() {
        newInbox();
        Mail original = Mail.from("alice@example.com", "Order #1042 has not arrived");
        Message first = deliver(original, T0);
        Message reply = deliver(Mail.from("bob@example.com", "Re: Order #1042 has not arrived").replyingTo(original)
                .saying("It is on its way."), T0.plusSeconds(60));
        Message again = deliver(Mail.from("alice@example.com", "RE: Re: Order #1042 has not arrived")
                .naming(original.messageId()), T0.plusSeconds(120));

        assertThat(reply.threadId()).isEqualTo(first.threadId());
        assertThat(again.threadId()).isEqualTo(first.threadId());
        MessageThread thread = thread(first.threadId());
        assertThat(thread.subject()).isEqualTo("Order #1042 has not arrived");
        assertThat(thread.participants()).containsExactly("alice@example.com", "bob@example.com");
        assertThat(thread.messageCount()).isEqualTo(3);
        assertThat(thread.lastMessageAt()).isEqualTo(T0.plusSeconds(120));
        assertThat(thread.snippet()).isEqualTo(again.preview());
        assertThat(thread.inboxId()).isEqualTo(inbox.id());
    }

    @Test
    void aReplyThatArrivesBeforeItsOriginalIsJoinedByTheOriginal() {
        newInbox();
        Mail original = Mail.from("alice@example.com", "Quarterly report");
        Message reply = deliver(Mail.from("bob@example.com", "Re: Quarterly report").replyingTo(original), T0);

        Message late = deliver(original, T0.plusSeconds(5));

        assertThat(late.threadId()).isEqualTo(reply.threadId());
        assertThat(thread(reply.threadId()).messageCount()).isEqualTo(2);
    }

    @Test
    void repliesToAMessageThisInboxNeverReceivedShareAThread() {
        newInbox();
        String sentFromElsewhere = newMessageId();
        Message first = deliver(Mail.from("alice@example.com", "Re: Your offer").naming(sentFromElsewhere), T0);
        Message second = deliver(Mail.from("carol@example.com", "Re: Your offer").naming(sentFromElsewhere),
                T0.plusSeconds(1));
        Message unrelated = deliver(Mail.from("alice@example.com", "Re: Your offer").naming(newMessageId()),
                T0.plusSeconds(2));

        assertThat(second.threadId()).isEqualTo(first.threadId());
        assertThat(unrelated.threadId()).isNotEqualTo(first.threadId());
    }

    @Test
    void aReplyWithoutReferencesJoinsBySubjectOnlyFromAParticipantWithinTheWindow() {
        newInbox();
        Message original = deliver(Mail.from("alice@example.com", "Invoice 7 for November"), T0);

        Message reply = deliver(Mail.from("alice@example.com", "AW:  re[2]: invoice 7   FOR November"),
                T0.plus(Duration.ofDays(1)));
        Message stranger = deliver(Mail.from("mallory@example.com", "Re: Invoice 7 for November"),
                T0.plus(Duration.ofDays(1)));
        Message withoutPrefix = deliver(Mail.from("alice@example.com", "Invoice 7 for November"),
                T0.plus(Duration.ofDays(2)));
        Message tooLate = deliver(Mail.from("alice@example.com", "Fwd: Invoice 7 for November"),
                T0.plus(Duration.ofDays(2)).plus(ThreadRules.SUBJECT_WINDOW).plusSeconds(1));

        assertThat(reply.threadId()).isEqualTo(original.threadId());
        assertThat(stranger.threadId()).as("a sender who never wrote in the thread").isNotEqualTo(original.threadId());
        assertThat(withoutPrefix.threadId()).as("no reply prefix").isNotIn(original.threadId(), reply.threadId());
        assertThat(tooLate.threadId()).as("outside the window of the latest activity").isNotIn(original.threadId(),
                withoutPrefix.threadId());
    }

    @Test
    void repeatedAutomatedSubjectsStayOneThreadPerMessage() {
        newInbox();
        List<String> threadIds = List.of(
                deliver(Mail.from("no-reply@service.example", "Your verification code"), T0).threadId(),
                deliver(Mail.from("no-reply@service.example", "Your verification code"), T0.plusSeconds(30)).threadId(),
                deliver(Mail.from("no-reply@service.example", "Re: ok"), T0.plusSeconds(60)).threadId(),
                deliver(Mail.from("no-reply@service.example", "Re: ok"), T0.plusSeconds(90)).threadId());

        assertThat(threadIds).as("no prefix, or a subject too generic to go by").doesNotHaveDuplicates();
    }

    @Test
    void eachDeliveryTakesTheInboxsNextArrivalNumberInCommitOrder() {
        newInbox();
        assertThat(arrivals().current(inbox.id())).hasValue(0);
        Message first = deliver(Mail.from("a@example.com", "one"), T0.plusSeconds(10));
        Message second = deliver(Mail.from("b@example.com", "two"), T0); // an earlier clock: the order is arrival's
        Message third = deliver(Mail.from("c@example.com", "three"), T0.plusSeconds(20));

        Arrivals all = arrivals().after(inbox.id(), 0, null, 10).orElseThrow();
        assertThat(all.rows()).extracting(arrival -> arrival.message().id())
                .containsExactly(first.id(), second.id(), third.id());
        List<Long> numbers = all.rows().stream().map(Arrival::seq).toList();
        assertThat(numbers).isSorted().doesNotHaveDuplicates();
        assertThat(all.current()).isEqualTo(numbers.get(2));
        assertThat(arrivals().current(inbox.id())).hasValue(numbers.get(2));
        assertThat(arrivals().after(inbox.id(), numbers.get(0), null, 1).orElseThrow().rows())
                .extracting(arrival -> arrival.message().id()).containsExactly(second.id());
        assertThat(arrivals().after(inbox.id(), 0, T0.plusSeconds(5), 10).orElseThrow().rows())
                .extracting(arrival -> arrival.message().id()).containsExactly(first.id(), third.id());
        assertThat(arrivals().after(inbox.id(), numbers.get(2), null, 10).orElseThrow().rows()).isEmpty();
        assertThat(arrivals().after("inb_00000000000000000000", 0, null, 10)).isEmpty();
        assertThat(arrivals().current("inb_00000000000000000000")).isEmpty();
    }

    @Test
    void threadsAreListedByLatestActivityAndAThreadThatReceivesMailMovesUp() {
        newInbox();
        Mail first = Mail.from("a@example.com", "first");
        Message a = deliver(first, T0);
        Message b = deliver(Mail.from("b@example.com", "second"), T0.plusSeconds(1));
        Message c = deliver(Mail.from("c@example.com", "third"), T0.plusSeconds(2));
        assertThat(latestFirst()).containsExactly(c.threadId(), b.threadId(), a.threadId());
        long watermark = thread(c.threadId()).activitySeq();

        deliver(Mail.from("b@example.com", "Re: first").replyingTo(first), T0.plusSeconds(3));

        assertThat(latestFirst()).containsExactly(a.threadId(), c.threadId(), b.threadId());
        assertThat(threads().page(inbox.id(), 0, null, true, 100, true).total()).hasValue(3);
        MessageThread moved = thread(a.threadId());
        assertThat(threads().page(inbox.id(), 0, new ActivityKey(moved.activitySeq(), moved.id()), true, 1, false)
                .rows()).extracting(MessageThread::id).containsExactly(c.threadId());
        assertThat(threads().page(inbox.id(), watermark, null, false, 100, false).rows())
                .as("what changed since the watermark, oldest change first").extracting(MessageThread::id)
                .containsExactly(a.threadId());
        assertThat(threads().page(inbox.id(), 0, new ActivityKey(thread(b.threadId()).activitySeq(), b.threadId()),
                false, 100, false).rows()).extracting(MessageThread::id).containsExactly(c.threadId(), a.threadId());
    }

    @Test
    void deletingMessagesNeverMovesAThreadAndDeletingItsLastRemovesIt() {
        newInbox();
        Mail original = Mail.from("alice@example.com", "Contract draft");
        Message first = deliver(original, T0);
        Message reply = deliver(Mail.from("bob@example.com", "Re: Contract draft").replyingTo(original)
                .saying("Signed."), T0.plusSeconds(60));
        Message other = deliver(Mail.from("carol@example.com", "Other"), T0.plusSeconds(120));
        MessageThread before = thread(first.threadId());

        assertThat(messages().delete(account, inbox.id(), reply.id())).isTrue();

        MessageThread after = thread(first.threadId());
        assertThat(after.activitySeq()).isEqualTo(before.activitySeq());
        assertThat(after.lastMessageAt()).isEqualTo(before.lastMessageAt());
        assertThat(after.messageCount()).isEqualTo(1);
        assertThat(after.participants()).containsExactly("alice@example.com");
        assertThat(after.snippet()).isEqualTo(first.preview());
        assertThat(latestFirst()).containsExactly(other.threadId(), first.threadId());

        assertThat(messages().delete(account, inbox.id(), first.id())).isTrue();
        assertThat(threads().find(inbox.id(), first.threadId())).isEmpty();
        assertThat(threads().page(inbox.id(), 0, null, true, 100, true).total()).hasValue(1);

        inboxes().delete(account, inbox.id());
        assertThat(threads().find(inbox.id(), other.threadId())).isEmpty();
        assertThat(threads().page(inbox.id(), 0, null, true, 100, true).rows()).isEmpty();
    }

    @Test
    void aThreadsMessagesAreOldestFirstEachWithTheBeginningOfItsText() {
        newInbox();
        Mail original = Mail.from("alice@example.com", "Long story").saying("\uD83D\uDCEC".repeat(30));
        Message first = deliver(original, T0.plusSeconds(5));
        Message second = deliver(Mail.from("bob@example.com", "Re: Long story").replyingTo(original).saying("short"),
                T0.plusSeconds(6));
        Message third = deliver(Mail.from("alice@example.com", "Re: Long story").naming(original.messageId()),
                T0.plusSeconds(7));
        deliver(Mail.from("zed@example.com", "Elsewhere"), T0);

        assertThat(threads().messages(inbox.id(), first.threadId(), null, 10, true).rows())
                .containsExactly(first, second, third);
        assertThat(threads().messages(inbox.id(), first.threadId(), null, 10, true).total()).hasValue(3);
        assertThat(threads().messages(inbox.id(), first.threadId(), first.keyset(), 1, false).rows())
                .containsExactly(second);

        List<ThreadMessage> read = threads().messagesWithText(inbox.id(), first.threadId(), null, 10, false, 10).rows();
        assertThat(read.get(0).text()).isEqualTo("\uD83D\uDCEC".repeat(10)); // ten characters, not ten UTF-16 units
        assertThat(read.get(0).textCut()).isTrue();
        assertThat(read.get(1).text()).isEqualTo("short");
        assertThat(read.get(1).textCut()).isFalse();
        assertThat(read).extracting(ThreadMessage::message).containsExactly(first, second, third);
        assertThat(threads().find(inbox.id(), "thr_00000000000000000000")).isEmpty();
        Inbox otherInbox = inbox;
        newInbox();
        assertThat(threads().find(inbox.id(), first.threadId())).as("another inbox's thread").isEmpty();
        assertThat(threads().messages(inbox.id(), first.threadId(), null, 10, true).rows()).isEmpty();
        assertThat(otherInbox.id()).isNotEqualTo(inbox.id());
    }
}
