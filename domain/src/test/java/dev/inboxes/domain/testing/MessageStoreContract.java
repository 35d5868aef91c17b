package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.message.AttachmentSlice;
import dev.inboxes.domain.message.ByteSlice;
import dev.inboxes.domain.message.Authentication;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.message.NewAttachment;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.shared.RandomIds;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link MessageStore} does, run against the in-memory store and the PostgreSQL store alike.
 */
public abstract class MessageStoreContract extends StoreContract {

    private static final Instant T0 = Instant.parse("2026-11-29T21:48:33.123456Z");

    private Inbox newInbox(String accountId) {
        Inbox inbox = new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "m" + RandomIds.lowercaseAlphanumeric(15) + "@contract.test", null, T0);
        return inboxes().create(accountId, inbox, null).inbox();
    }

    private static MessageContent content(String messageId, String inReplyTo, List<NewAttachment> attachments) {
        String raw = "Message-ID: " + messageId + "\r\nSubject: Hello\r\n\r\nHi there\r\n";
        return new MessageContent("sender@example.com", "Sender", "box@contract.test", null, null, "Hello", T0,
                messageId, inReplyTo, List.of(), "Hi there", null, attachments, raw.getBytes(StandardCharsets.UTF_8));
    }

    private static NewMessage message(String accountId, Inbox inbox, MessageContent content, Instant receivedAt) {
        return MessageService.newMessage(RandomIds.newId(Message.ID_PREFIX), accountId, inbox.id(), content,
                MessageService.dedupeKey(content), receivedAt);
    }

    private Message stored(String accountId, Inbox inbox, MessageContent content, Instant receivedAt) {
        StoreOutcome outcome = messages().insertAll(List.of(message(accountId, inbox, content, receivedAt))).get(0);
        assertThat(outcome.status()).isEqualTo(StoreOutcome.Status.STORED);
        return outcome.row();
    }

    private static String newMessageId() {
        return "<" + RandomIds.base62(12) + "@contract.test>";
    }

    @Test
    void aMessageIsStoredInAnInboxOfTheAccountAndListedAsStored() {
        String account = newAccount();
        Inbox inbox = newInbox(account);

        Message row = stored(account, inbox, content(newMessageId(), null, List.of()), T0);

        assertThat(row.preview()).isEqualTo("Hi there");
        assertThat(row.hasAttachments()).isFalse();
        assertThat(messages().page(inbox.id(), null, 10, true).rows()).containsExactly(row);
    }

    @Test
    void aMessageForAnotherAccountsInboxIsNotStored() {
        Inbox inbox = newInbox(newAccount());

        StoreOutcome outcome = messages().insertAll(List.of(message(newAccount(), inbox,
                content(newMessageId(), null, List.of()), T0))).get(0);

        assertThat(outcome.status()).isEqualTo(StoreOutcome.Status.NO_INBOX);
        assertThat(messages().page(inbox.id(), null, 10, true).total()).hasValue(0);
    }

    @Test
    void aRedeliveryWithTheSameDedupeKeyIsStoredOncePerInbox() {
        String account = newAccount();
        Inbox first = newInbox(account);
        Inbox second = newInbox(account);
        MessageContent content = content(newMessageId(), null, List.of());

        List<StoreOutcome> outcomes = messages().insertAll(List.of(message(account, first, content, T0),
                message(account, second, content, T0)));
        StoreOutcome again = messages().insertAll(List.of(message(account, first, content, T0.plusSeconds(1)))).get(0);

        assertThat(outcomes).extracting(StoreOutcome::status).containsOnly(StoreOutcome.Status.STORED);
        assertThat(again.status()).isEqualTo(StoreOutcome.Status.DUPLICATE);
        assertThat(messages().page(first.id(), null, 10, true).total()).hasValue(1);
    }

    @Test
    void aReplyJoinsTheThreadOfTheMessageItNamesAndAnythingElseStartsOne() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        String originalId = newMessageId();
        Message original = stored(account, inbox, content(originalId, null, List.of()), T0);

        Message reply = stored(account, inbox, content(newMessageId(), originalId, List.of()), T0.plusSeconds(1));
        Message other = stored(account, inbox, content(newMessageId(), "<unknown@elsewhere>", List.of()),
                T0.plusSeconds(2));

        assertThat(reply.threadId()).isEqualTo(original.threadId());
        assertThat(other.threadId()).isNotEqualTo(original.threadId()).startsWith(Message.THREAD_ID_PREFIX);
    }

    @Test
    void pagesAreNewestFirstAndContinueStrictlyAfterTheKeyset() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        List<Message> rows = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            rows.add(stored(account, inbox, content(newMessageId(), null, List.of()), T0.plus(i % 2, ChronoUnit.MICROS)));
        }
        stored(account, newInbox(account), content(newMessageId(), null, List.of()), T0);
        rows.sort(ListOrder.rows());

        assertThat(messages().page(inbox.id(), null, 100, true).rows()).containsExactlyElementsOf(rows);
        assertThat(messages().page(inbox.id(), null, 100, true).total()).hasValue(6);
        assertThat(messages().page(inbox.id(), rows.get(1).keyset(), 2, false).rows())
                .containsExactlyElementsOf(rows.subList(2, 4));
    }

    @Test
    void theResultsOfTheChecksAtReceiptAreStoredWithTheMessageAndItsRowSaysWhetherTheSenderIsVerified() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        Authentication verified = new Authentication(new Authentication.Spf("pass", "github.test"),
                List.of(new Authentication.Dkim("pass", "github.test", "s1"),
                        new Authentication.Dkim("permerror", null, null)),
                new Authentication.Dmarc("pass", "reject", "github.test"), "pass");
        Authentication spoofed = new Authentication(new Authentication.Spf("none", null), List.of(),
                new Authentication.Dmarc("fail", "reject", "github.test"), "fail");

        Message good = stored(account, inbox, content(newMessageId(), null, List.of()).withAuthentication(verified), T0);
        Message bad = stored(account, inbox, content(newMessageId(), null, List.of()).withAuthentication(spoofed),
                T0.plusSeconds(1));
        Message recorded = stored(account, inbox, content(newMessageId(), null, List.of()), T0.plusSeconds(2));

        assertThat(good.senderVerified()).isTrue();
        assertThat(messages().find(account, inbox.id(), good.id()).orElseThrow().authentication()).isEqualTo(verified);
        assertThat(messages().find(account, inbox.id(), bad.id()).orElseThrow().authentication()).isEqualTo(spoofed);
        assertThat(messages().find(account, inbox.id(), recorded.id()).orElseThrow().authentication()).isNull();
        assertThat(messages().page(inbox.id(), MessageFilter.parse(null), null, 10, false).rows())
                .extracting(Message::id, Message::senderVerified)
                .containsExactly(tuple(recorded.id(), false), tuple(bad.id(), false), tuple(good.id(), true));
    }

    @Test
    void aWholeMessageItsRawBytesAndItsAttachmentsAreReadAsStoredByItsOwnerOnly() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        byte[] pdf = {0x25, 0x50, 0x44, 0x46, 0x00, (byte) 0xff};
        MessageContent content = content(newMessageId(), null,
                List.of(new NewAttachment("report.pdf", "application/pdf", null, false, pdf)));
        Message row = stored(account, inbox, content, T0);

        MessageDetail detail = messages().find(account, inbox.id(), row.id()).orElseThrow();
        String attachmentId = detail.attachments().get(0).id();

        assertThat(row.hasAttachments()).isTrue();
        assertThat(detail.row()).isEqualTo(row);
        assertThat(detail.text()).isEqualTo("Hi there");
        assertThat(detail.attachments().get(0).size()).isEqualTo(pdf.length);
        assertThat(messages().raw(account, inbox.id(), row.id())).hasValueSatisfying(raw ->
                assertThat(raw).isEqualTo(content.raw()));
        assertThat(messages().attachment(account, inbox.id(), row.id(), attachmentId)).hasValueSatisfying(part ->
                assertThat(part.content()).isEqualTo(pdf));
        String stranger = newAccount();
        assertThat(messages().find(stranger, inbox.id(), row.id())).isEmpty();
        assertThat(messages().raw(stranger, inbox.id(), row.id())).isEmpty();
        assertThat(messages().attachment(stranger, inbox.id(), row.id(), attachmentId)).isEmpty();
        assertThat(messages().delete(stranger, inbox.id(), row.id())).isFalse();
    }

    @Test
    void slicesOfRawBytesAndAttachmentsHoldOnlyWhatWasAskedForWithTheWholeLengthForTheOwnerOnly() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        byte[] pdf = {0x25, 0x50, 0x44, 0x46, 0x00, (byte) 0xff, 0x0a};
        MessageContent content = content(newMessageId(), null,
                List.of(new NewAttachment("report.pdf", "application/pdf", null, false, pdf)));
        Message row = stored(account, inbox, content, T0);
        String attachmentId = messages().find(account, inbox.id(), row.id()).orElseThrow().attachments().get(0).id();

        ByteSlice raw = messages().rawSlice(account, inbox.id(), row.id(), 3, 5).orElseThrow();
        assertThat(raw.bytes()).isEqualTo(java.util.Arrays.copyOfRange(content.raw(), 3, 8));
        assertThat(raw.start()).isEqualTo(3);
        assertThat(raw.length()).isEqualTo(content.raw().length);
        assertThat(messages().rawSlice(account, inbox.id(), row.id(), 0, 1_000_000).orElseThrow().whole()).isTrue();
        assertThat(messages().rawSlice(account, inbox.id(), row.id(), content.raw().length + 5, 10).orElseThrow()
                .bytes()).isEmpty();

        AttachmentSlice part = messages().attachmentSlice(account, inbox.id(), row.id(), attachmentId, 4, 2)
                .orElseThrow();
        assertThat(part.attachment().filename()).isEqualTo("report.pdf");
        assertThat(part.slice().bytes()).containsExactly(0x00, 0xff);
        assertThat(part.slice().length()).isEqualTo(pdf.length);
        assertThat(messages().attachmentSlice(account, inbox.id(), row.id(), attachmentId, 0, 0).orElseThrow()
                .slice().bytes()).isEmpty();
        assertThat(messages().attachmentSlice(account, inbox.id(), row.id(), attachmentId, 5, 100).orElseThrow()
                .slice().bytes()).containsExactly(0xff, 0x0a);

        String stranger = newAccount();
        assertThat(messages().rawSlice(stranger, inbox.id(), row.id(), 0, 10)).isEmpty();
        assertThat(messages().attachmentSlice(stranger, inbox.id(), row.id(), attachmentId, 0, 10)).isEmpty();
        assertThat(messages().attachmentSlice(account, inbox.id(), row.id(), "att_00000000000000000000", 0, 10))
                .isEmpty();
    }

    @Test
    void aDeletedMessageIsGoneOnce() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        Message row = stored(account, inbox, content(newMessageId(), null, List.of()), T0);

        assertThat(messages().delete(account, inbox.id(), row.id())).isTrue();
        assertThat(messages().delete(account, inbox.id(), row.id())).isFalse();
        assertThat(messages().find(account, inbox.id(), row.id())).isEmpty();
        assertThat(messages().page(inbox.id(), null, 10, true).total()).hasValue(0);
    }

    @Test
    void deletingTheInboxDeletesItsMessages() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        stored(account, inbox, content(newMessageId(), null, List.of()), T0);

        inboxes().delete(account, inbox.id());

        assertThat(messages().page(inbox.id(), null, 10, true).rows()).isEmpty();
        assertThat(messages().page(inbox.id(), null, 10, true).total()).hasValue(0);
    }

    private static MessageContent searchable(String from, String fromName, String subject, String text) {
        String raw = "Message-ID: " + newMessageId() + "\r\nSubject: x\r\n\r\nx\r\n";
        return new MessageContent(from, fromName, "box@contract.test", null, null, subject, T0, newMessageId(), null,
                List.of(), text, null, List.of(), raw.getBytes(StandardCharsets.UTF_8));
    }

    private List<String> search(Inbox inbox, String q) {
        return messages().page(inbox.id(), MessageFilter.parse(q), null, 100, false).rows().stream()
                .map(Message::subject).toList();
    }

    /**
     * Every word must be a case-insensitive substring of the sender (address or name), the subject or the text,
     * wherever in the text it is (a word far beyond the first kilobytes too); LIKE's wildcards match themselves.
     */
    @Test
    void searchFindsMessagesWhoseSenderSubjectOrTextHoldsEveryWord() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        String far = "lorem ipsum dolor sit amet ".repeat(2_000); // 54,000 characters before the word
        stored(account, inbox, searchable("noreply@github.com", "GitHub", "[GitHub] Please verify your device",
                "Verification code: 482913"), T0);
        stored(account, inbox, searchable("billing@shop.example", "Shop Billing", "Invoice 100% paid",
                "Thanks for your order_42 with a\\backslash."), T0.plusSeconds(1));
        stored(account, inbox, searchable("news@zeitung.example", "Zeitung", "Grüße aus ZÜRICH",
                far + "Unsubscribe-token QUOKKA here."), T0.plusSeconds(2));
        stored(account, newInbox(account), searchable("noreply@github.com", null, "Other inbox",
                "Verification code: 1"), T0);

        assertThat(search(inbox, "GITHUB")).containsExactly("[GitHub] Please verify your device");
        assertThat(search(inbox, "github 482913")).as("words in different fields")
                .containsExactly("[GitHub] Please verify your device");
        assertThat(search(inbox, "github invoice")).as("every word must match").isEmpty();
        assertThat(search(inbox, "shop billing")).as("the sender's name").containsExactly("Invoice 100% paid");
        assertThat(search(inbox, "zürich")).as("case folding beyond ASCII").containsExactly("Grüße aus ZÜRICH");
        assertThat(search(inbox, "quokka")).as("deep in a long text").containsExactly("Grüße aus ZÜRICH");
        assertThat(search(inbox, "lorem quokka zeitung")).containsExactly("Grüße aus ZÜRICH");
        assertThat(search(inbox, "100%")).containsExactly("Invoice 100% paid");
        assertThat(search(inbox, "%")).as("% is a character, not a wildcard").containsExactly("Invoice 100% paid");
        assertThat(search(inbox, "r_4")).as("_ is a character").containsExactly("Invoice 100% paid");
        assertThat(search(inbox, "a\\b")).as("\\ is a character").containsExactly("Invoice 100% paid");
        assertThat(search(inbox, "er_")).containsExactly("Invoice 100% paid");
        assertThat(search(inbox, "o%d")).isEmpty();
        assertThat(search(inbox, "ver")).hasSize(1);
        assertThat(search(inbox, "")).hasSize(3);
        assertThat(messages().page(inbox.id(), MessageFilter.parse("code"), null, 100, true).total()).hasValue(1);
        assertThat(messages().page(inbox.id(), MessageFilter.parse("e"), null, 2, true).total()).hasValue(3);
    }
}
