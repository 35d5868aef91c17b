package dev.inboxes.domain.mail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.message.AttachmentContent;
import dev.inboxes.domain.message.AttachmentSlice;
import dev.inboxes.domain.message.ByteSlice;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MailDeliveryTest {

    private final List<List<NewMessage>> calls = new ArrayList<>();
    private final Map<String, Recipient> addresses = new java.util.HashMap<>(Map.of(
            "support-bot@inboxes.test", new Recipient("acc_1", "inb_1", "support-bot@inboxes.test"),
            "sales@inboxes.test", new Recipient("acc_2", "inb_2", "sales@inboxes.test")));
    private final List<String> forgotten = new ArrayList<>();
    private final java.util.Set<String> deletedInboxes = new java.util.HashSet<>();
    private final MailDelivery delivery = new MailDelivery(new RecipientDirectory() {
        @Override
        public Optional<Recipient> findByAddress(String address) {
            return Optional.ofNullable(addresses.get(address));
        }

        @Override
        public void forget(String address) {
            forgotten.add(address);
        }
    }, new RecordingStore(), "Inboxes.Test", Clock.fixed(Instant.parse("2026-11-29T21:48:33.123456789Z"), ZoneOffset.UTC));

    @Test
    void onlyExistingInboxesOfTheMailDomainAreAccepted() {
        assertThat(delivery.check("support-bot@inboxes.test").verdict()).isEqualTo(RecipientCheck.Verdict.ACCEPTED);
        assertThat(delivery.check("Support-Bot@INBOXES.TEST.").recipient().inboxId()).isEqualTo("inb_1");
        assertThat(delivery.check("support-bot+newsletter@inboxes.test").recipient().inboxId()).isEqualTo("inb_1");
        assertThat(delivery.check("nobody@inboxes.test").verdict()).isEqualTo(RecipientCheck.Verdict.UNKNOWN_MAILBOX);
        assertThat(delivery.check("support-bot@example.com").verdict()).isEqualTo(RecipientCheck.Verdict.NOT_OUR_DOMAIN);
        assertThat(delivery.check("support-bot@inboxes.test.example.com").verdict())
                .isEqualTo(RecipientCheck.Verdict.NOT_OUR_DOMAIN);
        for (String malformed : List.of("", "@inboxes.test", "support-bot@", "no-at-sign", "a b@inboxes.test",
                "a\u0000b@inboxes.test")) {
            assertThat(delivery.check(malformed).verdict()).as(malformed).isEqualTo(RecipientCheck.Verdict.MALFORMED);
        }
    }

    @Test
    void oneTransactionStoresOneCopyPerInboxWithTheTraceInFront() {
        Recipient first = delivery.check("support-bot@inboxes.test").recipient();
        Recipient second = delivery.check("sales@inboxes.test").recipient();
        MessageContent content = content(null);

        DeliveryReport report = delivery.deliver(new Envelope("a@example.com", List.of(first, second, first),
                "Received: by test\r\n"), content);

        assertThat(calls).hasSize(1);
        List<NewMessage> stored = calls.get(0);
        assertThat(stored).extracting(NewMessage::inboxId).containsExactly("inb_1", "inb_2");
        assertThat(stored).extracting(NewMessage::receivedAt).containsOnly(Instant.parse("2026-11-29T21:48:33.123456Z"));
        assertThat(new String(stored.get(0).content().raw(), StandardCharsets.US_ASCII))
                .isEqualTo("Received: by test\r\nSubject: hi\r\n\r\nhello\r\n");
        // Without a Message-ID, the bytes as sent (not our trace, which changes) say whether it is a redelivery.
        assertThat(stored.get(0).dedupeKey()).startsWith("sha256:").isEqualTo(stored.get(1).dedupeKey());
        assertThat(stored.get(0).newThreadId()).startsWith("thr_").isNotEqualTo(stored.get(1).newThreadId());
        assertThat(report.stored()).hasSize(2);
        assertThat(delivery.deliver(new Envelope("", List.of(first), ""), content(null)).stored()).hasSize(1);
        assertThat(calls.get(1).get(0).dedupeKey()).isEqualTo(stored.get(0).dedupeKey());
        assertThat(delivery.deliver(new Envelope("", List.of(first), ""), content("<id@x>")).stored()).hasSize(1);
        assertThat(calls.get(2).get(0).dedupeKey()).isEqualTo("<id@x>");
    }

    @Test
    void aStaleRecipientIsLookedUpAgainAndTheAddressNewOwnerGetsTheMessage() {
        Recipient remembered = delivery.check("support-bot@inboxes.test").recipient();
        deletedInboxes.add("inb_1"); // deleted, and the address taken by a new inbox of another account
        addresses.put("support-bot@inboxes.test", new Recipient("acc_9", "inb_9", "support-bot@inboxes.test"));

        DeliveryReport report = delivery.deliver(new Envelope("", List.of(remembered), ""), content("<x@y>"));

        assertThat(forgotten).containsExactly("support-bot@inboxes.test");
        assertThat(calls).hasSize(2);
        assertThat(calls.get(1)).extracting(NewMessage::inboxId).containsExactly("inb_9");
        assertThat(report.stored()).hasSize(1);
        assertThat(report.gone()).isZero();

        addresses.remove("support-bot@inboxes.test"); // now simply gone
        deletedInboxes.add("inb_9");
        assertThat(delivery.deliver(new Envelope("", List.of(remembered), ""), content("<z@y>")).gone()).isEqualTo(1);
    }

    private static MessageContent content(String messageId) {
        return new MessageContent("a@example.com", null, "support-bot@inboxes.test", null, null, "hi", null, messageId,
                null, List.of(), "hello", null, List.of(), "Subject: hi\r\n\r\nhello\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    private final class RecordingStore implements MessageStore {

        @Override
        public List<StoreOutcome> insertAll(List<NewMessage> messages) {
            calls.add(messages);
            return messages.stream().map(m -> deletedInboxes.contains(m.inboxId())
                    ? new StoreOutcome(StoreOutcome.Status.NO_INBOX, null) : StoreOutcome.stored(new Message(m.id(), m.inboxId(), m.content().from(),
                    m.content().to(), m.content().subject(), m.content().preview(), m.receivedAt(), m.newThreadId(),
                    false, m.direction()))).toList();
        }

        @Override
        public Slice<Message> page(String inboxId, MessageFilter filter, Keyset after, int fetchSize,
                boolean withTotal) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<MessageDetail> find(String accountId, String inboxId, String messageId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<byte[]> raw(String accountId, String inboxId, String messageId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<AttachmentContent> attachment(String accountId, String inboxId, String messageId,
                String attachmentId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<ByteSlice> rawSlice(String accountId, String inboxId, String messageId, int start,
                int maxBytes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<AttachmentSlice> attachmentSlice(String accountId, String inboxId, String messageId,
                String attachmentId, int start, int maxBytes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean delete(String accountId, String inboxId, String messageId) {
            throw new UnsupportedOperationException();
        }
    }
}
