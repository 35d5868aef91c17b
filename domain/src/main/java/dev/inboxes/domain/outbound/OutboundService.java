package dev.inboxes.domain.outbound;

import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageExtracts;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.shared.Hashing;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import dev.inboxes.domain.message.Message;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Sends, replies and forwards from an inbox: the request is checked whole, written as a signed message, and
 * stored with one queued delivery per recipient in one transaction, before the caller hears it was accepted. The
 * {@link OutboxWorker} delivers.
 */
public final class OutboundService {

    private final InboxService inboxes;
    private final MessageService messages;
    private final OutboxStore outbox;
    private final SuppressionStore suppressions;
    private final MailComposer composer;
    private final OutboundSettings settings;
    private final Clock clock;
    private final Runnable accepted;

    public OutboundService(InboxService inboxes, MessageService messages, OutboxStore outbox,
            SuppressionStore suppressions, MailComposer composer, OutboundSettings settings, Clock clock) {
        this(inboxes, messages, outbox, suppressions, composer, settings, clock, () -> { });
    }

    /**
     * @param accepted told after each message is committed with its deliveries, so that this replica's workers start
     *                 on it at once rather than at their next look
     */
    public OutboundService(InboxService inboxes, MessageService messages, OutboxStore outbox,
            SuppressionStore suppressions, MailComposer composer, OutboundSettings settings, Clock clock,
            Runnable accepted) {
        this.accepted = accepted;
        this.inboxes = inboxes;
        this.messages = messages;
        this.outbox = outbox;
        this.suppressions = suppressions;
        this.composer = composer;
        this.settings = settings;
        this.clock = clock;
    }

    public OutboundMessage send(String accountId, String inboxId, SendRequest request, String idempotencyKey) {
        Inbox inbox = inboxes.get(accountId, inboxId);
        return accept(accountId, inbox, new Draft(request.to(), request.cc(), request.bcc(), request.replyTo(),
                request.subject(), request.body(), null, null, List.of()),
                key(idempotencyKey, "send", inboxId, request.fingerprint()));
    }

    /**
     * Answers a message of the inbox: to its Reply-To or From; with {@code replyAll}, Cc its To and Cc too, never
     * the inbox itself; in its thread.
     */
    public OutboundMessage reply(String accountId, String inboxId, String messageId, MailBody body, boolean replyAll,
            String idempotencyKey) {
        Inbox inbox = inboxes.get(accountId, inboxId);
        MessageDetail original = messages.get(accountId, inboxId, messageId);
        List<String> to = Addresses.parseList(original.replyTo() != null ? original.replyTo() : original.row().from());
        to.removeIf(address -> address.equalsIgnoreCase(inbox.address()));
        if (to.isEmpty() && original.row().direction() == dev.inboxes.domain.message.Direction.OUTBOUND) {
            to = Addresses.parseList(original.row().to()); // answering our own message: write to its recipients again
        }
        if (to.isEmpty()) {
            throw new InvalidArgumentException("message_id", "The message names no address to reply to (no "
                    + "Reply-To or From): send a new message with send_message instead.");
        }
        List<String> cc = new ArrayList<>();
        if (replyAll) {
            List<String> everyone = new ArrayList<>(Addresses.parseList(original.row().to()));
            everyone.addAll(Addresses.parseList(original.cc()));
            for (String address : everyone) {
                if (!address.equalsIgnoreCase(inbox.address()) && to.stream().noneMatch(address::equalsIgnoreCase)
                        && cc.stream().noneMatch(address::equalsIgnoreCase)) {
                    cc.add(address);
                }
            }
        }
        SendRequest.recipientsWithinLimit(to.size() + cc.size());
        String inReplyTo = original.messageIdHeader();
        List<String> references = Replies.references(original.references(), inReplyTo);
        return accept(accountId, inbox, new Draft(to, cc, List.of(), null,
                Replies.replySubject(original.row().subject()), body, null, inReplyTo, references),
                key(idempotencyKey, "reply", inboxId + "/" + messageId + "/" + replyAll, body.fingerprint()));
    }

    /** Sends a message of the inbox on to others, attached whole as {@code message/rfc822}. */
    public OutboundMessage forward(String accountId, String inboxId, String messageId, List<String> to,
            MailBody body, String idempotencyKey) {
        Inbox inbox = inboxes.get(accountId, inboxId);
        List<String> recipients = SendRequest.addresses("to", to);
        if (recipients.isEmpty()) {
            throw new InvalidArgumentException("to", "to must name at least one recipient, such as [\"alice@example.com\"].");
        }
        SendRequest.recipientsWithinLimit(recipients.size());
        MessageDetail original = messages.get(accountId, inboxId, messageId);
        byte[] raw = messages.raw(accountId, inboxId, messageId);
        if (raw.length + (long) body.fingerprint().length() > MailBody.MAX_ENCODED_BYTES) {
            throw new InvalidArgumentException("message_id", "The message is too large to forward whole (more than "
                    + MailBody.MAX_ENCODED_BYTES / (1024 * 1024) + " MB with the new text).");
        }
        MailBody withText = body.text() == null && body.html() == null
                ? new MailBody("Forwarded message attached.", null, body.attachments()) : body;
        return accept(accountId, inbox, new Draft(recipients, List.of(), List.of(), null,
                Replies.forwardSubject(original.row().subject()), withText, raw, null, List.of()),
                key(idempotencyKey, "forward", inboxId + "/" + messageId + "/" + String.join(",", recipients),
                        body.fingerprint()));
    }

    private record Draft(List<String> to, List<String> cc, List<String> bcc, String replyTo, String subject,
                         MailBody body, byte[] forwarded, String inReplyTo, List<String> references) {
    }

    private OutboundMessage accept(String accountId, Inbox inbox, Draft draft, IdempotencyKey key) {
        refuseSuppressed(accountId, draft);
        long pending = outbox.pendingOf(accountId);
        if (pending >= settings.maxPendingPerAccount()) {
            throw new OutboxFullException(pending);
        }
        Instant now = Timestamps.nowMicros(clock);
        withinHourlyLimits(accountId, inbox.id(), draft.to().size() + draft.cc().size() + draft.bcc().size(), now);
        String id = RandomIds.newId(Message.ID_PREFIX);
        String messageIdHeader = "<" + id + "@" + settings.mailDomain() + ">";
        OutgoingMail mail = new OutgoingMail(inbox.address(), inbox.displayName(), draft.to(), draft.cc(),
                draft.bcc(), draft.replyTo(), draft.subject(), draft.body().text(), draft.body().html(),
                draft.body().attachments(), draft.forwarded(), messageIdHeader, draft.inReplyTo(), draft.references(),
                now);
        byte[] raw = composer.compose(mail);
        MessageContent content = new MessageContent(inbox.address(), inbox.displayName(), String.join(", ", draft.to()),
                draft.cc().isEmpty() ? null : String.join(", ", draft.cc()), draft.replyTo(), draft.subject(), now,
                messageIdHeader, draft.inReplyTo(), draft.references(),
                draft.body().text() != null ? draft.body().text() : "", draft.body().html(),
                draft.body().attachments(), raw);
        // No codes or links are looked for: they are found in mail that arrives, for the agent that reads it, and an
        // outbound message is the sender's own words (the search was most of a send's CPU).
        NewMessage message = MessageService.newMessage(id, accountId, inbox.id(), content, MessageExtracts.NONE,
                MessageService.dedupeKey(content), MessageService.bodyDigest(raw), now).outbound();
        List<NewDelivery> deliveries = new ArrayList<>();
        for (String recipient : mail.recipients()) {
            String deliveryId = RandomIds.newId(Delivery.ID_PREFIX);
            String returnPath = "bounces+" + deliveryId + "@" + settings.mailDomain();
            boolean routed = settings.externalRoute() || isLocal(recipient);
            deliveries.add(routed ? new NewDelivery(deliveryId, recipient, returnPath, DeliveryStatus.QUEUED, now, null)
                    : new NewDelivery(deliveryId, recipient, returnPath, DeliveryStatus.FAILED, null,
                            settings.noRouteReason()));
        }
        OutboxStore.Accepted stored = outbox.accept(message, deliveries, key);
        MessageDetail detail = messages.get(accountId, inbox.id(), stored.messageId());
        // The answer shows the deliveries as accepted (queued), before the workers are told: as stored, or for a
        // replay as they are now.
        List<Delivery> asAccepted = stored.replayed()
                ? outbox.deliveriesOf(accountId, List.of(stored.messageId())).getOrDefault(stored.messageId(), List.of())
                : deliveries.stream().map(delivery -> delivery.stored(message.id())).toList();
        OutboundMessage answer = new OutboundMessage(detail, asAccepted, stored.replayed());
        if (!stored.replayed()) {
            accepted.run();
        }
        return answer;
    }

    /** Nothing is sent when any recipient is suppressed: the caller decides whether to send to the others. */
    private void refuseSuppressed(String accountId, Draft draft) {
        LinkedHashSet<String> recipients = new LinkedHashSet<>();
        for (List<String> field : List.of(draft.to(), draft.cc(), draft.bcc())) {
            field.forEach(address -> recipients.add(Suppression.normalize(address)));
        }
        Set<String> suppressed = suppressions.suppressedAmong(accountId, recipients);
        if (!suppressed.isEmpty()) {
            throw new RecipientSuppressedException(recipients.stream().filter(suppressed::contains).toList());
        }
    }

    /** The hour the limits look back on. */
    static final Duration HOUR = Duration.ofHours(1);

    private void withinHourlyLimits(String accountId, String inboxId, int recipients, Instant now) {
        OutboundSettings.HourlyLimits limits = settings.hourly();
        OutboxStore.RecentSends recent = outbox.recentSends(accountId, inboxId, now.minus(HOUR));
        if (recent.ofInbox() + recipients > limits.perInbox()) {
            throw new SendRateLimitedException("inbox", limits.perInbox(), untilLeaves(recent.oldestOfInbox(), now));
        }
        if (recent.ofAccount() + recipients > limits.perAccount()) {
            throw new SendRateLimitedException("account", limits.perAccount(),
                    untilLeaves(recent.oldestOfAccount(), now));
        }
    }

    private static Duration untilLeaves(java.util.Optional<Instant> oldest, Instant now) {
        return oldest.map(at -> Duration.between(now, at.plus(HOUR))).filter(d -> !d.isNegative())
                .orElse(HOUR);
    }

    /** The deliveries of the account's outbound messages among {@code messageIds}, by message id. */
    public java.util.Map<String, List<Delivery>> deliveries(String accountId, List<String> messageIds) {
        return outbox.deliveriesOf(accountId, messageIds);
    }

    /** Whether the address is one of this service's own inboxes' domain: delivered locally. */
    public boolean isLocal(String address) {
        return Addresses.domainOf(address).equals(settings.mailDomain());
    }

    private static IdempotencyKey key(String idempotencyKey, String route, String target, String fingerprint) {
        return IdempotencyKey.of(idempotencyKey, Hashing.sha256Hex((route + "\u0000" + target + "\u0000" + fingerprint)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
