package dev.inboxes.domain.outbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.IdempotencyKeyReusedException;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.message.MessageExtracts;
import dev.inboxes.domain.message.Direction;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.RecordMessage;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.testing.InMemoryInboxStore;
import dev.inboxes.domain.testing.InMemoryMessageStore;
import dev.inboxes.domain.testing.InMemoryOutboxStore;
import dev.inboxes.domain.testing.InMemorySuppressionStore;
import dev.inboxes.domain.wait.WaitOutcome;
import dev.inboxes.domain.wait.WaitRequest;
import dev.inboxes.domain.wait.WaitService;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Send, reply and forward over the in-memory stores, and the worker's outcomes with a transport that answers as
 * scripted. MIME and DKIM are the smtp module's (tested there): the composer here writes the fields as text.
 */
class OutboundServiceTest {

    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    private static final String DOMAIN = "inboxes.test";

    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-03T10:00:00Z"));
    private final InMemoryInboxStore inboxStore = new InMemoryInboxStore();
    private final InMemoryMessageStore messageStore = new InMemoryMessageStore(inboxStore);
    private final InMemoryOutboxStore outbox = new InMemoryOutboxStore(inboxStore, messageStore);
    private final InMemorySuppressionStore suppressions = new InMemorySuppressionStore();
    private final CursorCodec cursors = new CursorCodec(CursorKeys.of("outbound-test-secret-0123456789abcdefgh",
            List.of()));
    private final InboxService inboxes = new InboxService(inboxStore, cursors, DOMAIN, clock);
    private final MessageService messages = new MessageService(messageStore, inboxes, cursors, clock);
    private final List<OutgoingMail> composed = new ArrayList<>();
    private final MailComposer composer = mail -> {
        composed.add(mail);
        return ("Message-ID: " + mail.messageIdHeader() + "\r\nSubject: " + mail.subject() + "\r\n\r\n" + mail.text())
                .getBytes(StandardCharsets.UTF_8);
    };
    private final Inbox inbox = inboxes.create(ACCOUNT, CreateInbox.of("support", "Support"), null).inbox();

    private OutboundService service(boolean externalRoute, long maxPending) {
        return new OutboundService(inboxes, messages, outbox, suppressions, composer, new OutboundSettings(DOMAIN, externalRoute,
                "No relay is configured: set INBOXES_SMTP_RELAY_HOST.", maxPending), clock);
    }

    private static SendRequest request(List<String> to, List<String> cc, List<String> bcc) {
        return SendRequest.of(to, cc, bcc, "Hello", null, MailBody.of("Hi", null, null, true));
    }

    @Test
    void aSendIsStoredOutboundInTheInboxWithOneQueuedDeliveryPerRecipientAndNoBccInTheHeaders() {
        OutboundMessage sent = service(true, 100).send(ACCOUNT, inbox.id(), request(List.of("a@example.com"),
                List.of("B@Example.com"), List.of("c@example.com", "a@example.com")), null);

        assertThat(sent.message().row().direction()).isEqualTo(Direction.OUTBOUND);
        assertThat(sent.message().row().from()).isEqualTo(inbox.address());
        assertThat(sent.message().messageIdHeader()).matches("<msg_[0-9A-Za-z]{20}@inboxes\\.test>");
        assertThat(sent.deliveries()).extracting(Delivery::recipient)
                .containsExactly("a@example.com", "b@example.com", "c@example.com");
        assertThat(sent.deliveries()).extracting(Delivery::status).containsOnly(DeliveryStatus.QUEUED);
        assertThat(composed.get(0).bcc()).containsExactly("c@example.com", "a@example.com");
        assertThat(sent.message().row().to()).doesNotContain("c@example.com");
        assertThat(messages.list(ACCOUNT, inbox.id(), dev.inboxes.domain.message.MessageFilter.parse(null),
                dev.inboxes.domain.paging.PageRequest.parse(null, null, dev.inboxes.domain.paging.PageLimits.PROGRAMS)).items())
                .hasSize(1);
    }

    @Test
    void anOutboundMessageHasNoCodesOrLinksLookedForInIt() {
        OutboundMessage sent = service(true, 100).send(ACCOUNT, inbox.id(), SendRequest.of(List.of("a@example.com"),
                null, null, "Your verification code", null, MailBody.of(
                        "Your verification code is 482910. Sign in at https://example.com/login", null, null, true)),
                null);

        assertThat(sent.message().extracts()).isEqualTo(MessageExtracts.NONE);
        assertThat(messages.get(ACCOUNT, inbox.id(), sent.message().row().id()).extracts())
                .isEqualTo(MessageExtracts.NONE);
    }

    @Test
    void withoutARouteAnExternalRecipientFailsAtOnceAndALocalOneIsQueued() {
        OutboundMessage sent = service(false, 100).send(ACCOUNT, inbox.id(),
                request(List.of("a@example.com", "other@inboxes.test"), null, null), null);

        assertThat(sent.deliveries()).extracting(Delivery::status)
                .containsExactly(DeliveryStatus.FAILED, DeliveryStatus.QUEUED);
        assertThat(sent.deliveries().get(0).smtpReply()).contains("INBOXES_SMTP_RELAY_HOST");
        assertThat(sent.deliveries().get(0).nextAttemptAt()).isNull();
    }

    @Test
    void aReplyGoesToReplyToWithReOnceInTheThreadAndReplyAllCopiesEveryoneButTheInbox() {
        MessageDetail original = recorded("alice@example.com", "Re: Order");
        OutboundService service = service(true, 100);

        OutboundMessage reply = service.reply(ACCOUNT, inbox.id(), original.row().id(),
                MailBody.of("Thanks", null, null, true), true, null);

        assertThat(reply.message().row().subject()).isEqualTo("Re: Order");
        assertThat(reply.message().inReplyTo()).isEqualTo(original.messageIdHeader());
        assertThat(reply.message().references()).endsWith(original.messageIdHeader());
        assertThat(reply.message().row().threadId()).isEqualTo(original.row().threadId());
        assertThat(reply.deliveries()).extracting(Delivery::recipient).containsExactly("alice@example.com");
    }

    @Test
    void aForwardAttachesTheOriginalWholeUnderFwd() {
        MessageDetail original = recorded("alice@example.com", "Invoice");
        OutboundMessage forwarded = service(true, 100).forward(ACCOUNT, inbox.id(), original.row().id(),
                List.of("bob@example.com"), MailBody.of(null, null, null, false), null);

        assertThat(forwarded.message().row().subject()).isEqualTo("Fwd: Invoice");
        OutgoingMail mail = composed.get(composed.size() - 1);
        assertThat(mail.forwarded()).isEqualTo(messages.raw(ACCOUNT, inbox.id(), original.row().id()));
        assertThat(mail.text()).isNotBlank();
    }

    @Test
    void anIdempotencyKeyReplaysTheSameSendAndRefusesAnother() {
        OutboundService service = service(true, 100);
        OutboundMessage first = service.send(ACCOUNT, inbox.id(), request(List.of("a@example.com"), null, null), "k1");
        OutboundMessage again = service.send(ACCOUNT, inbox.id(), request(List.of("a@example.com"), null, null), "k1");

        assertThat(again.replayed()).isTrue();
        assertThat(again.message().row().id()).isEqualTo(first.message().row().id());
        assertThat(outbox.pendingOf(ACCOUNT)).isEqualTo(1);
        assertThatThrownBy(() -> service.send(ACCOUNT, inbox.id(), request(List.of("z@example.com"), null, null), "k1"))
                .isInstanceOf(IdempotencyKeyReusedException.class);
    }

    @Test
    void aFullOutboxRefusesTheNextSend() {
        OutboundService service = service(true, 2);
        service.send(ACCOUNT, inbox.id(), request(List.of("a@example.com", "b@example.com"), null, null), null);

        assertThatThrownBy(() -> service.send(ACCOUNT, inbox.id(), request(List.of("c@example.com"), null, null),
                null)).isInstanceOf(OutboxFullException.class).hasMessageContaining("2 deliveries");
    }

    @Test
    void tooManyRecipientsOrABadAddressIsRefusedBeforeAnythingIsStored() {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < SendRequest.MAX_RECIPIENTS + 1; i++) {
            many.add("r" + i + "@example.com");
        }
        assertThatThrownBy(() -> request(many, null, null)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> request(List.of("a@example.com\r\nBcc: x@example.com"), null, null))
                .isInstanceOf(InvalidArgumentException.class);
        assertThat(outbox.pendingOf(ACCOUNT)).isZero();
    }

    @Test
    void aSendReplyOrForwardNamingASuppressedRecipientInAnyFieldOrCaseIsRefusedAndNothingIsStored() {
        suppressions.add(ACCOUNT, new Suppression("bob@example.com", Suppression.HARD_BOUNCE, clock.instant()));
        suppressions.add(ACCOUNT, new Suppression("carol@example.com", Suppression.HARD_BOUNCE, clock.instant()));
        suppressions.add("acc_Z1b2C3d4E5f6G7h8I9j0", new Suppression("dave@example.com", Suppression.HARD_BOUNCE,
                clock.instant()));
        OutboundService service = service(true, 100);
        MessageDetail fromBob = recorded("Bob@Example.com", "Question");

        assertThatThrownBy(() -> service.send(ACCOUNT, inbox.id(), request(List.of("a@example.com"), null,
                List.of("BOB@example.com")), null))
                .isInstanceOf(RecipientSuppressedException.class)
                .hasMessageContaining("'bob@example.com' is suppressed")
                .hasMessageContaining("DELETE /v1/suppressions/bob@example.com")
                .satisfies(e -> assertThat(((RecipientSuppressedException) e).addresses())
                        .containsExactly("bob@example.com"));
        assertThatThrownBy(() -> service.send(ACCOUNT, inbox.id(), request(List.of("carol@example.com"),
                List.of("bob@example.com"), null), null))
                .isInstanceOf(RecipientSuppressedException.class)
                .hasMessageContaining("'carol@example.com', 'bob@example.com' are suppressed");
        assertThatThrownBy(() -> service.reply(ACCOUNT, inbox.id(), fromBob.row().id(),
                MailBody.of("Thanks", null, null, true), false, null)).isInstanceOf(RecipientSuppressedException.class);
        assertThatThrownBy(() -> service.forward(ACCOUNT, inbox.id(), fromBob.row().id(), List.of("carol@example.com"),
                MailBody.of(null, null, null, false), null)).isInstanceOf(RecipientSuppressedException.class);
        assertThat(composed).isEmpty();
        assertThat(outbox.pendingOf(ACCOUNT)).isZero();

        assertThat(service.send(ACCOUNT, inbox.id(), request(List.of("dave@example.com"), null, null), null)
                .deliveries()).as("another account's suppression").extracting(Delivery::status)
                .containsExactly(DeliveryStatus.QUEUED);
        new SuppressionService(suppressions, cursors).delete(ACCOUNT, "Bob@Example.COM");
        assertThat(service.send(ACCOUNT, inbox.id(), request(List.of("bob@example.com"), null, null), null)
                .deliveries()).as("lifted").hasSize(1);
    }

    @Test
    void theHourlyLimitsCountRecipientsPerInboxAndAccountAndSayWhenThereIsRoomAgain() {
        Inbox second = inboxes.create(ACCOUNT, CreateInbox.of("sales", null), null).inbox();
        OutboundService service = new OutboundService(inboxes, messages, outbox, suppressions, composer,
                new OutboundSettings(DOMAIN, true, "none", 100, new OutboundSettings.HourlyLimits(5, 3)), clock);
        service.send(ACCOUNT, inbox.id(), request(List.of("a@example.com", "b@example.com"), null, null), null);
        clock.advance(Duration.ofMinutes(10));

        assertThatThrownBy(() -> service.send(ACCOUNT, inbox.id(), request(List.of("c@example.com", "d@example.com"),
                null, null), null)).isInstanceOf(SendRateLimitedException.class).hasMessageContaining("inbox")
                .satisfies(e -> assertThat(((SendRateLimitedException) e).retryAfter()).isEqualTo(Duration.ofMinutes(50)));
        service.send(ACCOUNT, second.id(), request(List.of("c@example.com", "d@example.com", "e@example.com"), null,
                null), null);
        Inbox third = inboxes.create(ACCOUNT, CreateInbox.of("billing", null), null).inbox();
        assertThatThrownBy(() -> service.send(ACCOUNT, third.id(), request(List.of("f@example.com"), null, null),
                null)).isInstanceOf(SendRateLimitedException.class).hasMessageContaining("account");

        clock.advance(Duration.ofMinutes(51));
        assertThat(service.send(ACCOUNT, inbox.id(), request(List.of("c@example.com", "d@example.com"), null, null),
                null).deliveries()).hasSize(2);
    }

    @Test
    void theWorkerRecordsSentBouncedAndDeferredThenFailedOnceRetriesRunOut() {
        OutboundService service = service(true, 100);
        service.send(ACCOUNT, inbox.id(), request(List.of("ok@example.com", "gone@example.com", "busy@example.com"),
                null, null), null);
        Deque<String> log = new ArrayDeque<>();
        MailTransport relay = (sender, recipient, raw) -> {
            log.add(recipient);
            return switch (recipient) {
                case "ok@example.com" -> new TransportReply(250, "2.0.0 queued");
                case "gone@example.com" -> new TransportReply(550, "5.1.1 no such user");
                default -> new TransportReply(451, "4.3.0 try later");
            };
        };
        MailTransport local = (sender, recipient, raw) -> new TransportReply(250, "stored");
        OutboxWorker worker = new OutboxWorker(outbox, local, Optional.of(relay), new OutboundSettings(DOMAIN, true,
                "none", 100), new RetrySchedule(Duration.ofHours(1)), Duration.ofMinutes(5), clock);

        assertThat(worker.deliverDue(10)).isEqualTo(3);
        assertThat(statuses()).containsExactly(DeliveryStatus.SENT, DeliveryStatus.BOUNCED, DeliveryStatus.DEFERRED);
        assertThat(worker.deliverDue(10)).as("the deferred one is not due yet").isZero();

        clock.advance(Duration.ofMinutes(2));
        assertThat(worker.deliverDue(10)).isEqualTo(1);
        assertThat(statuses().get(2)).isEqualTo(DeliveryStatus.DEFERRED);
        clock.advance(Duration.ofHours(2));
        worker.deliverDue(10);
        assertThat(statuses().get(2)).as("past retry-for").isEqualTo(DeliveryStatus.FAILED);
        assertThat(log).containsExactly("ok@example.com", "gone@example.com", "busy@example.com", "busy@example.com",
                "busy@example.com");
    }

    @Test
    void aWaitIsForMailThatArrivesNotForWhatTheInboxSends() throws Exception {
        WaitService waits = new WaitService(messageStore, inboxes, cursors, Executors.newFixedThreadPool(1),
                Executors.newSingleThreadScheduledExecutor(), 10, 10);
        messageStore.onArrival(waits::arrived);
        var wait = waits.await(ACCOUNT, inbox.id(), WaitRequest.parse(null, "5", "timeout", null, null));
        service(true, 100).send(ACCOUNT, inbox.id(), request(List.of("a@example.com"), null, null), null);
        assertThat(wait).isNotDone();

        var answer = messages.record(ACCOUNT, inbox.id(), RecordMessage.of("a@example.com", null, "Re: Hello", "ok"));
        WaitOutcome outcome = wait.get(10, TimeUnit.SECONDS);
        assertThat(outcome.message().id()).isEqualTo(answer.id());
    }

    private List<DeliveryStatus> statuses() {
        String messageId = messageStore.page(inbox.id(), dev.inboxes.domain.message.MessageFilter.parse(null), null,
                10, false).rows().get(0).id();
        return outbox.deliveriesOf(ACCOUNT, List.of(messageId)).get(messageId).stream().map(Delivery::status).toList();
    }

    private MessageDetail recorded(String from, String subject) {
        var row = messages.record(ACCOUNT, inbox.id(), RecordMessage.of(from, null, subject, "Hello"));
        return messages.get(ACCOUNT, inbox.id(), row.id());
    }

    /** A clock the test moves. */
    private static final class MutableClock extends Clock {

        private Instant now;

        MutableClock(Instant start) {
            this.now = start;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}