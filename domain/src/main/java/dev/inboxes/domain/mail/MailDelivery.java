package dev.inboxes.domain.mail;

import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageExtracts;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Received mail: which recipients this service accepts (no relaying: only existing inboxes of the mail domain),
 * and the delivery of one message to every accepted inbox in one transaction, so the receiver acknowledges only
 * what is stored, and a redelivery of the same message to the same inbox stores nothing new.
 */
public final class MailDelivery {

    private final RecipientDirectory directory;
    private final MessageStore store;
    private final String mailDomain;
    private final Clock clock;

    public MailDelivery(RecipientDirectory directory, MessageStore store, String mailDomain, Clock clock) {
        this.directory = directory;
        this.store = store;
        this.mailDomain = mailDomain.toLowerCase(Locale.ROOT);
        this.clock = clock;
    }

    public String mailDomain() {
        return mailDomain;
    }

    /**
     * Checks one recipient address. Case does not matter, and a {@code +tag} after the username reaches the inbox
     * (usernames never contain {@code +}), so {@code support-bot+signup@…} is delivered to {@code support-bot@…}.
     */
    public RecipientCheck check(String address) {
        int at = address.lastIndexOf('@');
        if (at < 1 || at == address.length() - 1 || address.chars().anyMatch(c -> c <= 0x20 || c == 0x7f)) {
            return RecipientCheck.refused(RecipientCheck.Verdict.MALFORMED);
        }
        String domain = address.substring(at + 1).toLowerCase(Locale.ROOT);
        if (domain.endsWith(".")) {
            domain = domain.substring(0, domain.length() - 1);
        }
        if (!domain.equals(mailDomain)) {
            return RecipientCheck.refused(RecipientCheck.Verdict.NOT_OUR_DOMAIN);
        }
        String local = address.substring(0, at).toLowerCase(Locale.ROOT);
        int tag = local.indexOf('+');
        if (tag > 0) {
            local = local.substring(0, tag);
        }
        return directory.findByAddress(local + "@" + mailDomain)
                .map(recipient -> new RecipientCheck(RecipientCheck.Verdict.ACCEPTED, recipient))
                .orElseGet(() -> RecipientCheck.refused(RecipientCheck.Verdict.UNKNOWN_MAILBOX));
    }

    /**
     * Stores the message once in each recipient inbox, in one transaction, with the envelope's trace header in
     * front of the raw bytes. Returns after the commit: only then may the receiver answer {@code 250}.
     */
    public DeliveryReport deliver(Envelope envelope, MessageContent content) {
        String dedupeKey = MessageService.dedupeKey(content); // of the bytes as sent, without our trace
        MessageContent stored = withTrace(content, envelope.traceHeader());
        MessageExtracts extracts = MessageExtracts.of(content.subject(), content.text());
        String bodyDigest = MessageService.bodyDigest(content.raw()); // as sent, too
        Instant receivedAt = Timestamps.nowMicros(clock);
        List<NewMessage> messages = new ArrayList<>();
        List<String> inboxes = new ArrayList<>();
        for (Recipient recipient : envelope.recipients()) {
            if (!inboxes.contains(recipient.inboxId())) {
                inboxes.add(recipient.inboxId());
                messages.add(MessageService.newMessage(RandomIds.newId(Message.ID_PREFIX), recipient.accountId(),
                        recipient.inboxId(), stored, extracts, dedupeKey, bodyDigest, receivedAt));
            }
        }
        List<String> storedIds = new ArrayList<>();
        int duplicates = 0;
        List<Recipient> gone = new ArrayList<>();
        List<StoreOutcome> outcomes = store.insertAll(messages);
        for (int i = 0; i < outcomes.size(); i++) {
            StoreOutcome outcome = outcomes.get(i);
            switch (outcome.status()) {
                case STORED -> storedIds.add(outcome.row().id());
                case DUPLICATE -> duplicates++;
                case NO_INBOX -> gone.add(recipientOf(envelope, messages.get(i)));
            }
        }
        if (!gone.isEmpty()) {
            // A remembered recipient may be stale: its inbox deleted, the address perhaps taken by a new inbox since.
            List<NewMessage> retries = new ArrayList<>();
            for (Recipient recipient : gone) {
                directory.forget(recipient.address());
                RecipientCheck again = check(recipient.address());
                if (again.verdict() == RecipientCheck.Verdict.ACCEPTED && !inboxes.contains(again.recipient().inboxId())) {
                    inboxes.add(again.recipient().inboxId());
                    retries.add(MessageService.newMessage(RandomIds.newId(Message.ID_PREFIX),
                            again.recipient().accountId(), again.recipient().inboxId(), stored, extracts, dedupeKey,
                            bodyDigest, receivedAt));
                }
            }
            int goneForGood = gone.size() - retries.size();
            for (StoreOutcome outcome : retries.isEmpty() ? List.<StoreOutcome>of() : store.insertAll(retries)) {
                switch (outcome.status()) {
                    case STORED -> storedIds.add(outcome.row().id());
                    case DUPLICATE -> duplicates++;
                    case NO_INBOX -> goneForGood++;
                }
            }
            return new DeliveryReport(storedIds, duplicates, goneForGood);
        }
        return new DeliveryReport(storedIds, duplicates, 0);
    }

    private static Recipient recipientOf(Envelope envelope, NewMessage message) {
        return envelope.recipients().stream().filter(recipient -> recipient.inboxId().equals(message.inboxId()))
                .findFirst().orElseThrow();
    }

    private static MessageContent withTrace(MessageContent content, String traceHeader) {
        if (traceHeader == null || traceHeader.isEmpty()) {
            return content;
        }
        byte[] trace = traceHeader.getBytes(StandardCharsets.UTF_8);
        byte[] raw = new byte[trace.length + content.raw().length];
        System.arraycopy(trace, 0, raw, 0, trace.length);
        System.arraycopy(content.raw(), 0, raw, trace.length, content.raw().length);
        return content.withRaw(raw);
    }
}
