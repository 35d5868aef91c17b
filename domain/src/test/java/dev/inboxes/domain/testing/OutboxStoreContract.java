package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.inbox.IdempotencyKeyReusedException;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.message.Direction;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.outbound.BouncedDelivery;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.outbound.DeliveryAttempt;
import dev.inboxes.domain.outbound.DeliveryStatus;
import dev.inboxes.domain.outbound.DueDelivery;
import dev.inboxes.domain.outbound.NewDelivery;
import dev.inboxes.domain.outbound.OutboxStore;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What every {@link OutboxStore} does, run against the in-memory store and the PostgreSQL store alike. Claims take
 * every due delivery of the store, so each test that claims works at a time of its own and looks only at its own
 * deliveries.
 */
public abstract class OutboxStoreContract extends StoreContract {

    private static final Instant T0 = Instant.parse("2026-11-29T21:48:33.123456Z");
    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final int MANY = 1_000;

    private Inbox newInbox(String accountId) {
        Inbox inbox = new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "o" + RandomIds.lowercaseAlphanumeric(15) + "@contract.test", null, T0);
        return inboxes().create(accountId, inbox, null).inbox();
    }

    private static NewMessage outbound(String accountId, Inbox inbox, Instant at) {
        String id = RandomIds.newId(Message.ID_PREFIX);
        String messageId = "<" + id + "@contract.test>";
        String raw = "From: " + inbox.address() + "\r\nTo: alice@example.com\r\nMessage-ID: " + messageId
                + "\r\nSubject: Status\r\nDKIM-Signature: v=1; a=rsa-sha256\r\n\r\nAll done\r\n";
        MessageContent content = new MessageContent(inbox.address(), null, "alice@example.com", "bob@example.com",
                null, "Status", at, messageId, null, List.of(), "All done", null, List.of(),
                raw.getBytes(StandardCharsets.UTF_8));
        return MessageService.newMessage(id, accountId, inbox.id(), content, MessageService.dedupeKey(content), at)
                .outbound();
    }

    private static NewDelivery queued(String recipient, Instant at) {
        String id = RandomIds.newId(Delivery.ID_PREFIX);
        return new NewDelivery(id, recipient, "bounces+" + id + "@contract.test", DeliveryStatus.QUEUED, at, null);
    }

    private static NewDelivery failed(String recipient) {
        String id = RandomIds.newId(Delivery.ID_PREFIX);
        return new NewDelivery(id, recipient, "bounces+" + id + "@contract.test", DeliveryStatus.FAILED, null,
                "no route: set the relay");
    }

    private static IdempotencyKey key(String fingerprint) {
        return IdempotencyKey.of(RandomIds.base62(16), fingerprint);
    }

    private List<Delivery> deliveriesOf(String accountId, String messageId) {
        return outbox().deliveriesOf(accountId, List.of(messageId)).getOrDefault(messageId, List.of());
    }

    /** The claimed deliveries among {@code ids}: other tests' deliveries may be due too. */
    private List<DueDelivery> claim(Instant now, Set<String> ids) {
        return outbox().claimDue(now, LEASE, MANY).stream().filter(due -> ids.contains(due.id())).toList();
    }

    /** A new account's outbound message in an inbox of its own, accepted with its deliveries. */
    private record Outgoing(String account, Inbox inbox, NewMessage message, List<NewDelivery> deliveries) {

        Set<String> ids() {
            return OutboxStoreContract.ids(deliveries);
        }

        String messageId() {
            return message.id();
        }

        String deliveryId(int index) {
            return deliveries.get(index).id();
        }
    }

    private Outgoing accepted(Instant at, List<NewDelivery> deliveries) {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        NewMessage message = outbound(account, inbox, at);
        outbox().accept(message, deliveries, null);
        return new Outgoing(account, inbox, message, deliveries);
    }

    /** The deliveries of the outgoing message as they are now. */
    private List<Delivery> deliveriesOf(Outgoing outgoing) {
        return deliveriesOf(outgoing.account(), outgoing.messageId());
    }

    private static Set<String> ids(List<NewDelivery> deliveries) {
        return Set.copyOf(deliveries.stream().map(NewDelivery::id).toList());
    }

    @Test
    void recentSendsCountTheRecipientsOfTheHourPerAccountAndInboxEvenOnceTheMessageIsDeleted() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        Inbox other = newInbox(account);
        NewMessage early = outbound(account, inbox, T0);
        outbox().accept(early, List.of(queued("a@example.com", T0), queued("b@example.com", T0)), null);
        outbox().accept(outbound(account, other, T0.plusSeconds(60)), List.of(queued("c@example.com", T0)), null);
        messages().delete(account, inbox.id(), early.id());

        assertThat(outbox().recentSends(account, inbox.id(), T0.minusSeconds(1))).isEqualTo(
                new OutboxStore.RecentSends(3, 2, Optional.of(T0), Optional.of(T0)));
        assertThat(outbox().recentSends(account, other.id(), T0.plusSeconds(1))).isEqualTo(
                new OutboxStore.RecentSends(1, 1, Optional.of(T0.plusSeconds(60)), Optional.of(T0.plusSeconds(60))));
        assertThat(outbox().recentSends(newAccount(), inbox.id(), T0.minusSeconds(1))).isEqualTo(
                new OutboxStore.RecentSends(0, 0, Optional.empty(), Optional.empty()));
    }

    @Test
    void anAcceptedMessageIsInItsInboxAndItsThreadAsOutboundWithItsDeliveries() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        NewMessage message = outbound(account, inbox, T0);
        List<NewDelivery> deliveries = List.of(queued("alice@example.com", T0), failed("bob@example.com"));

        OutboxStore.Accepted accepted = outbox().accept(message, deliveries, null);

        assertThat(accepted).isEqualTo(new OutboxStore.Accepted(message.id(), false));
        Message row = messages().page(inbox.id(), null, 10, true).rows().get(0);
        assertThat(row.id()).isEqualTo(message.id());
        assertThat(row.direction()).isEqualTo(Direction.OUTBOUND);
        assertThat(threads().messages(inbox.id(), row.threadId(), null, 10, true).rows()).containsExactly(row);
        assertThat(threads().messagesWithText(inbox.id(), row.threadId(), null, 10, true, 100).rows().get(0)
                .message().direction()).isEqualTo(Direction.OUTBOUND);
        assertThat(messages().find(account, inbox.id(), message.id()).orElseThrow().row()).isEqualTo(row);
        assertThat(arrivals().after(inbox.id(), 0, null, 10).orElseThrow().rows().get(0).message()).isEqualTo(row);
        assertThat(messages().raw(account, inbox.id(), message.id())).hasValueSatisfying(
                raw -> assertThat(raw).isEqualTo(message.content().raw()));
        assertThat(deliveriesOf(account, message.id())).containsExactly(
                new Delivery(deliveries.get(0).id(), message.id(), "alice@example.com", DeliveryStatus.QUEUED, 0, null,
                        T0, null),
                new Delivery(deliveries.get(1).id(), message.id(), "bob@example.com", DeliveryStatus.FAILED, 0, null,
                        null, "no route: set the relay"));
        assertThat(outbox().deliveriesOf(newAccount(), List.of(message.id()))).isEmpty();
    }

    @Test
    void aReplyToAnOutboundMessageJoinsItsThread() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        NewMessage sent = outbound(account, inbox, T0);
        outbox().accept(sent, List.of(queued("alice@example.com", T0)), null);
        String raw = "Message-ID: <answer@example.com>\r\nIn-Reply-To: " + sent.content().messageIdHeader()
                + "\r\nSubject: Re: Status\r\n\r\nThanks\r\n";
        MessageContent answer = new MessageContent("alice@example.com", null, inbox.address(), null, null,
                "Re: Status", T0, "<answer@example.com>", sent.content().messageIdHeader(),
                List.of(sent.content().messageIdHeader()), "Thanks", null, List.of(),
                raw.getBytes(StandardCharsets.UTF_8));

        StoreOutcome received = messages().insertAll(List.of(MessageService.newMessage(
                RandomIds.newId(Message.ID_PREFIX), account, inbox.id(), answer, MessageService.dedupeKey(answer),
                T0.plusSeconds(60)))).get(0);

        Message original = messages().find(account, inbox.id(), sent.id()).orElseThrow().row();
        assertThat(received.row().threadId()).isEqualTo(original.threadId());
        assertThat(received.row().direction()).isEqualTo(Direction.INBOUND);
        assertThat(threads().messages(inbox.id(), original.threadId(), null, 10, true).rows())
                .extracting(Message::direction).containsExactly(Direction.OUTBOUND, Direction.INBOUND);
    }

    @Test
    void theSameKeyWithTheSameRequestReplaysTheFirstMessageAndStoresNothing() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        IdempotencyKey key = key("send-1");
        NewMessage first = outbound(account, inbox, T0);
        outbox().accept(first, List.of(queued("alice@example.com", T0)), key);
        NewMessage retry = outbound(account, inbox, T0.plusSeconds(30));

        OutboxStore.Accepted replayed = outbox().accept(retry, List.of(queued("alice@example.com", T0)), key);

        assertThat(replayed).isEqualTo(new OutboxStore.Accepted(first.id(), true));
        assertThat(messages().page(inbox.id(), null, 10, true).total()).hasValue(1);
        assertThat(outbox().deliveriesOf(account, List.of(retry.id()))).isEmpty();
        assertThat(outbox().pendingOf(account)).isEqualTo(1);
    }

    @Test
    void theSameKeyWithAnotherRequestIsRefusedAndAnExpiredKeyIsANewKey() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        String text = RandomIds.base62(16);
        outbox().accept(outbound(account, inbox, T0), List.of(queued("alice@example.com", T0)),
                IdempotencyKey.of(text, "send-1"));

        assertThatThrownBy(() -> outbox().accept(outbound(account, inbox, T0.plusSeconds(1)),
                List.of(queued("alice@example.com", T0)), IdempotencyKey.of(text, "send-2")))
                .isInstanceOf(IdempotencyKeyReusedException.class);
        NewMessage later = outbound(account, inbox, T0.plus(IdempotencyKey.RETENTION).plusSeconds(1));
        assertThat(outbox().accept(later, List.of(queued("alice@example.com", T0)), IdempotencyKey.of(text, "send-2")))
                .isEqualTo(new OutboxStore.Accepted(later.id(), false));
        assertThat(messages().page(inbox.id(), null, 10, true).total()).hasValue(2);
    }

    @Test
    void aKeyThatCreatedAnInboxIsRefusedForASendAndTheOtherWayRound() {
        String account = newAccount();
        String created = RandomIds.base62(16);
        Inbox inbox = inboxes().create(account, new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "k" + RandomIds.lowercaseAlphanumeric(15) + "@contract.test", null, T0),
                IdempotencyKey.of(created, "create")).inbox();
        String sent = RandomIds.base62(16);
        outbox().accept(outbound(account, inbox, T0), List.of(queued("alice@example.com", T0)),
                IdempotencyKey.of(sent, "send"));

        assertThatThrownBy(() -> outbox().accept(outbound(account, inbox, T0), List.of(), IdempotencyKey.of(created,
                "create"))).isInstanceOf(IdempotencyKeyReusedException.class);
        assertThatThrownBy(() -> inboxes().create(account, new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "k" + RandomIds.lowercaseAlphanumeric(15) + "@contract.test", null, T0), IdempotencyKey.of(sent,
                "send"))).isInstanceOf(IdempotencyKeyReusedException.class);
    }

    @Test
    void aMessageForAnotherAccountsInboxIsRefusedAndNothingIsStored() {
        Inbox inbox = newInbox(newAccount());
        String other = newAccount();
        IdempotencyKey key = key("send-1");

        assertThatThrownBy(() -> outbox().accept(outbound(other, inbox, T0), List.of(queued("alice@example.com", T0)),
                key)).isInstanceOf(NotFoundException.class);

        assertThat(messages().page(inbox.id(), null, 10, true).total()).hasValue(0);
        assertThat(outbox().pendingOf(other)).isZero();
        Inbox own = newInbox(other);
        NewMessage message = outbound(other, own, T0);
        assertThat(outbox().accept(message, List.of(), key)).as("the refused request left no key behind")
                .isEqualTo(new OutboxStore.Accepted(message.id(), false));
    }

    @Test
    void aClaimTakesOnlyDueDeliveriesAndTheyAreSendingUntilTheLeaseExpires() {
        Instant now = Instant.parse("2003-03-03T03:03:03.123456Z");
        Outgoing outgoing = accepted(now, List.of(queued("due@example.com", now),
                queued("later@example.com", now.plusSeconds(3600)), failed("final@example.com")));

        List<DueDelivery> claimed = claim(now, outgoing.ids());

        assertThat(claimed).singleElement().satisfies(due -> {
            assertThat(due.id()).isEqualTo(outgoing.deliveryId(0));
            assertThat(due.accountId()).isEqualTo(outgoing.account());
            assertThat(due.inboxId()).isEqualTo(outgoing.inbox().id());
            assertThat(due.messageId()).isEqualTo(outgoing.messageId());
            assertThat(due.recipient()).isEqualTo("due@example.com");
            assertThat(due.envelopeSender()).isEqualTo(outgoing.deliveries().get(0).envelopeSender());
            assertThat(due.attempts()).isZero();
            assertThat(due.acceptedAt()).isEqualTo(now);
            assertThat(due.claimedUntil()).isEqualTo(now.plus(LEASE));
            assertThat(outbox().signedMessage(due)).hasValueSatisfying(
                    raw -> assertThat(raw).isEqualTo(outgoing.message().content().raw()));
        });
        assertThat(deliveriesOf(outgoing).get(0).status()).isEqualTo(DeliveryStatus.SENDING);
        assertThat(claim(now.plusSeconds(60), outgoing.ids())).as("held by its claim").isEmpty();

        List<DueDelivery> reclaimed = claim(now.plus(LEASE), outgoing.ids());

        assertThat(reclaimed).extracting(DueDelivery::id).containsExactly(outgoing.deliveryId(0));
        assertThat(reclaimed.get(0).claim()).isNotEqualTo(claimed.get(0).claim());
        assertThat(claim(now.plusSeconds(3600), outgoing.ids())).as("the later one, and the other's claim expired")
                .extracting(DueDelivery::id).containsExactlyInAnyOrder(outgoing.deliveryId(0), outgoing.deliveryId(1));
    }

    @Test
    void anAttemptIsRecordedOnlyUnderTheClaimThatHoldsTheDelivery() {
        Instant now = Instant.parse("2004-04-04T04:04:04.123456Z");
        Outgoing outgoing = accepted(now, List.of(queued("alice@example.com", now)));
        DueDelivery stale = claim(now, outgoing.ids()).get(0);
        DueDelivery current = claim(now.plus(LEASE), outgoing.ids()).get(0);
        Instant end = now.plus(LEASE).plusSeconds(2);
        DeliveryAttempt attempt = new DeliveryAttempt(end, "451 4.7.1 try again later", Duration.ofMillis(1500));

        assertThat(outbox().record(stale, attempt, DeliveryStatus.SENT, null)).isFalse();
        assertThat(deliveriesOf(outgoing).get(0).status()).isEqualTo(DeliveryStatus.SENDING);
        assertThat(deliveriesOf(outgoing).get(0).attempts()).isZero();

        Instant retryAt = end.plusSeconds(60);
        assertThat(outbox().record(current, attempt, DeliveryStatus.DEFERRED, retryAt)).isTrue();

        assertThat(deliveriesOf(outgoing)).containsExactly(new Delivery(outgoing.deliveryId(0),
                outgoing.messageId(), "alice@example.com", DeliveryStatus.DEFERRED, 1, end, retryAt,
                "451 4.7.1 try again later"));
        assertThat(outbox().record(current, attempt, DeliveryStatus.SENT, null)).as("the claim ended").isFalse();
        assertThat(claim(retryAt.minusSeconds(1), outgoing.ids())).isEmpty();
        DueDelivery again = claim(retryAt, outgoing.ids()).get(0);
        assertThat(again.attempts()).isEqualTo(1);
        assertThat(outbox().record(again, new DeliveryAttempt(retryAt.plusSeconds(1), "250 2.0.0 OK",
                Duration.ofMillis(300)), DeliveryStatus.SENT, null)).isTrue();
        assertThat(deliveriesOf(outgoing).get(0).status()).isEqualTo(DeliveryStatus.SENT);
        assertThat(deliveriesOf(outgoing).get(0).attempts()).isEqualTo(2);
        assertThat(claim(retryAt.plus(Duration.ofDays(365)), outgoing.ids())).as("final").isEmpty();
    }

    @Test
    void pendingCountsTheAccountsDeliveriesNotYetFinal() {
        Instant now = Instant.parse("2005-05-05T05:05:05.123456Z");
        String account = newAccount();
        Inbox inbox = newInbox(account);
        List<NewDelivery> deliveries = List.of(queued("a@example.com", now), queued("b@example.com", now),
                failed("c@example.com"));
        outbox().accept(outbound(account, inbox, now), deliveries, null);
        outbox().accept(outbound(account, newInbox(account), now),
                List.of(queued("d@example.com", now.plusSeconds(3600))), null);

        assertThat(outbox().pendingOf(account)).isEqualTo(3);
        DueDelivery claimed = claim(now, ids(deliveries)).get(0);
        assertThat(outbox().pendingOf(account)).as("sending is pending").isEqualTo(3);
        outbox().record(claimed, new DeliveryAttempt(now, "250 OK", Duration.ZERO), DeliveryStatus.SENT, null);
        assertThat(outbox().pendingOf(account)).isEqualTo(2);
        assertThat(outbox().pendingOf(newAccount())).isZero();
    }

    @Test
    void theDepthIsWhatWaitsAndSinceWhenTheOldestDueOneIsDue() {
        Instant now = Instant.parse("1980-01-01T00:00:00.123456Z");
        long before = outbox().depth(now).pending();
        Outgoing outgoing = accepted(now, List.of(queued("a@example.com", now.minusSeconds(600)),
                queued("b@example.com", now.minusSeconds(60)), queued("c@example.com", now.plusSeconds(60)),
                failed("d@example.com")));

        OutboxStore.Depth depth = outbox().depth(now);

        assertThat(depth.pending()).isEqualTo(before + 3);
        assertThat(depth.oldestDueAt()).hasValue(now.minusSeconds(600));
        messages().delete(outgoing.account(), outgoing.inbox().id(), outgoing.messageId());
        assertThat(outbox().depth(now).pending()).as("deliveries go with their message").isEqualTo(before);
        assertThat(outbox().deliveriesOf(outgoing.account(), List.of(outgoing.messageId()))).isEmpty();
    }

    @Test
    void aMessageDeletedAfterItsDeliveryWasClaimedHasNothingLeftToSend() {
        Instant now = Instant.parse("2007-07-07T07:07:07.123456Z");
        Outgoing outgoing = accepted(now, List.of(queued("gone@example.com", now)));
        DueDelivery claimed = claim(now, outgoing.ids()).get(0);

        messages().delete(outgoing.account(), outgoing.inbox().id(), outgoing.messageId());

        assertThat(outbox().signedMessage(claimed)).isEmpty();
        assertThat(outbox().record(claimed, new DeliveryAttempt(now, "250 2.0.0 Ok", Duration.ofMillis(3)),
                DeliveryStatus.SENT, null)).isFalse();
    }

    @Test
    void aBounceMarksEvenASentDeliveryBouncedAndNoWorkerClaimsItAgain() {
        Instant now = Instant.parse("2006-06-06T06:06:06.123456Z");
        Outgoing outgoing = accepted(now, List.of(queued("Bob@Example.com", now), queued("deferred@example.com", now)));
        List<DueDelivery> claimed = claim(now, outgoing.ids());
        DueDelivery sent = claimed.stream().filter(due -> due.id().equals(outgoing.deliveryId(0))).findFirst()
                .orElseThrow();
        DueDelivery deferred = claimed.stream().filter(due -> due.id().equals(outgoing.deliveryId(1))).findFirst()
                .orElseThrow();
        outbox().record(sent, new DeliveryAttempt(now, "250 2.0.0 OK", Duration.ZERO), DeliveryStatus.SENT, null);
        outbox().record(deferred, new DeliveryAttempt(now, "451 later", Duration.ZERO), DeliveryStatus.DEFERRED,
                now.plusSeconds(60));

        assertThat(outbox().bounce(sent.id(), "bounced after delivery (report 5.1.1): 550 no such user"))
                .contains(new BouncedDelivery(sent.id(), outgoing.account(), "Bob@Example.com"));
        assertThat(outbox().bounce(deferred.id(), "bounced after delivery (report 4.4.7)"))
                .contains(new BouncedDelivery(deferred.id(), outgoing.account(), "deferred@example.com"));

        assertThat(deliveriesOf(outgoing)).containsExactly(
                new Delivery(sent.id(), outgoing.messageId(), "Bob@Example.com", DeliveryStatus.BOUNCED, 1, now,
                        null, "bounced after delivery (report 5.1.1): 550 no such user"),
                new Delivery(deferred.id(), outgoing.messageId(), "deferred@example.com", DeliveryStatus.BOUNCED, 1,
                        now, null, "bounced after delivery (report 4.4.7)"));
        assertThat(claim(now.plus(Duration.ofDays(365)), outgoing.ids())).as("final").isEmpty();
        assertThat(outbox().pendingOf(outgoing.account())).isZero();
        assertThat(outbox().bounce(sent.id(), "bounced after delivery (report 5.1.1): 550 no such user"))
                .as("the same report again").isPresent();
        assertThat(deliveriesOf(outgoing).get(0).status()).isEqualTo(DeliveryStatus.BOUNCED);
    }

    @Test
    void aBounceWhileAWorkerHoldsTheDeliveryWinsOverThatWorkersAttempt() {
        Instant now = Instant.parse("2007-07-07T07:07:07.123456Z");
        Outgoing outgoing = accepted(now, List.of(queued("alice@example.com", now)));
        DueDelivery held = claim(now, outgoing.ids()).get(0);

        assertThat(outbox().bounce(held.id(), "bounced after delivery (report 5.0.0)")).isPresent();

        assertThat(outbox().record(held, new DeliveryAttempt(now, "250 OK", Duration.ZERO), DeliveryStatus.SENT, null))
                .isFalse();
        assertThat(deliveriesOf(outgoing).get(0).status()).isEqualTo(DeliveryStatus.BOUNCED);
    }

    @Test
    void aBounceForAnUnknownDeliveryOrOneNeverSentRecordsNothing() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        NewMessage message = outbound(account, inbox, T0);
        String id = RandomIds.newId(Delivery.ID_PREFIX);
        NewDelivery suppressed = new NewDelivery(id, "gone@example.com", "bounces+" + id + "@contract.test",
                DeliveryStatus.SUPPRESSED, null, "suppressed");
        outbox().accept(message, List.of(suppressed), null);

        assertThat(outbox().bounce(RandomIds.newId(Delivery.ID_PREFIX), "bounced")).isEmpty();
        assertThat(outbox().bounce(id, "bounced")).isEmpty();
        assertThat(deliveriesOf(account, message.id()).get(0).status()).isEqualTo(DeliveryStatus.SUPPRESSED);
    }
}
