package dev.inboxes.domain.wait;

import static dev.inboxes.domain.testing.InMemoryMail.ACCOUNT;
import static dev.inboxes.domain.testing.InMemoryMail.OTHER_ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.RecordMessage;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.testing.InMemoryMail;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.Optional;
import java.util.OptionalLong;
import dev.inboxes.domain.shared.StoreUnavailableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WaitServiceTest {

    private static final int PER_ACCOUNT = 3;
    private static final int TOTAL = 5;

    private final InMemoryMail mail = new InMemoryMail(Clock.systemUTC());
    private final ExecutorService worker = Executors.newFixedThreadPool(2);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final WaitService waits = new WaitService(mail.messageStore, mail.inboxes, mail.cursors, worker, timer,
            PER_ACCOUNT, TOTAL);
    private final AtomicBoolean announcing = new AtomicBoolean(true);
    private final Inbox inbox = mail.newInbox("support");

    {
        mail.messageStore.onArrival((inboxId, seq) -> {
            if (announcing.get()) {
                waits.arrived(inboxId, seq);
            }
        });
    }

    @AfterEach
    void stop() {
        worker.shutdownNow();
        timer.shutdownNow();
    }

    private static WaitRequest request(String since, int timeoutSeconds, String from, String subject) {
        return WaitRequest.parse(since, String.valueOf(timeoutSeconds), "timeout", from, subject);
    }

    private Message record(String from, String subject) {
        return mail.messages.record(ACCOUNT, inbox.id(), RecordMessage.of(from, null, subject, "text"));
    }

    private static WaitOutcome outcome(CompletableFuture<WaitOutcome> wait) throws Exception {
        return wait.get(20, TimeUnit.SECONDS);
    }

    @Test
    void aWaitReturnsAsSoonAsAMessageArrivesAfterTheCall() throws Exception {
        record("old@example.com", "Before the call");
        CompletableFuture<WaitOutcome> wait = waits.await(ACCOUNT, inbox.id(), request(null, 30, null, null));
        assertThat(wait).isNotDone();
        assertThat(waits.active()).isEqualTo(1);

        Message code = record("no-reply@service.example", "Your code is 482913");

        WaitOutcome outcome = outcome(wait);
        assertThat(outcome.timedOut()).isFalse();
        assertThat(outcome.message()).isEqualTo(code);
        assertThat(outcome.next()).isNotBlank();
        assertThat(waits.active()).isZero();
    }

    @Test
    void nextContinuesRightAfterTheMessageSoNoneIsMissedOrReturnedTwice() throws Exception {
        String since = waits.await(ACCOUNT, inbox.id(), request(null, 1, null, null)).get(20, TimeUnit.SECONDS).next();
        List<Message> sent = List.of(record("a@example.com", "one"), record("b@example.com", "two"),
                record("c@example.com", "three"));

        List<Message> received = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            WaitOutcome outcome = outcome(waits.await(ACCOUNT, inbox.id(), request(since, 5, null, null)));
            received.add(outcome.message());
            since = outcome.next();
        }
        WaitOutcome none = outcome(waits.await(ACCOUNT, inbox.id(), request(since, 1, null, null)));

        assertThat(received).containsExactlyElementsOf(sent);
        assertThat(none.timedOut()).isTrue();
        assertThat(none.message()).isNull();
        Message later = record("d@example.com", "four");
        assertThat(outcome(waits.await(ACCOUNT, inbox.id(), request(none.next(), 5, null, null))).message())
                .as("the next of a timeout continues where it stopped").isEqualTo(later);
    }

    @Test
    void filtersSkipWhatDoesNotMatchCaseInsensitively() throws Exception {
        CompletableFuture<WaitOutcome> wait = waits.await(ACCOUNT, inbox.id(),
                request(null, 30, "@SERVICE.example", "verification"));
        record("friend@example.com", "Your verification code");
        record("no-reply@service.example", "Weekly newsletter");
        Message code = record("No-Reply@Service.Example", "Your Verification code: 1234");

        assertThat(outcome(wait).message()).isEqualTo(code);
    }

    @Test
    void aDateTimeSinceFindsTheFirstMessageReceivedAfterIt() throws Exception {
        Message first = record("a@example.com", "one");
        Thread.sleep(5);
        Message second = record("b@example.com", "two");

        WaitOutcome outcome = outcome(waits.await(ACCOUNT, inbox.id(),
                request(first.receivedAt().toString(), 5, null, null)));
        WaitOutcome everything = outcome(waits.await(ACCOUNT, inbox.id(),
                request(first.receivedAt().minusSeconds(1).toString(), 5, null, null)));

        assertThat(outcome.message()).isEqualTo(second);
        assertThat(everything.message()).isEqualTo(first);
    }

    @Test
    void atTheTimeoutItSaysSoWithANext() throws Exception {
        long started = System.nanoTime();
        WaitOutcome outcome = outcome(waits.await(ACCOUNT, inbox.id(), request(null, 1, null, null)));

        assertThat(outcome.timedOut()).isTrue();
        assertThat(outcome.next()).isNotBlank();
        assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(990));
    }

    @Test
    void lostAnnouncementsAreMadeUpForWhenTheListenerReconnects() throws Exception {
        CompletableFuture<WaitOutcome> wait = waits.await(ACCOUNT, inbox.id(), request(null, 30, null, null));
        announcing.set(false);
        Message unannounced = record("a@example.com", "while the database restarted");
        Thread.sleep(100);
        assertThat(wait).as("nobody told it").isNotDone();

        waits.mayHaveMissedArrivals();

        assertThat(outcome(wait).message()).isEqualTo(unannounced);
    }

    @Test
    void looksThatFailForWantOfTheDatabaseAreTriedAgainUntilTheyWork() throws Exception {
        AtomicInteger failing = new AtomicInteger();
        ArrivalStore flaky = new ArrivalStore() {
            @Override
            public OptionalLong current(String inboxId) {
                return mail.messageStore.current(inboxId);
            }

            @Override
            public Optional<Arrivals> after(String inboxId, long afterSeq, Instant receivedAfter, int limit) {
                if (failing.getAndDecrement() > 0) {
                    throw new StoreUnavailableException(new IllegalStateException("This connection has been closed."));
                }
                return mail.messageStore.after(inboxId, afterSeq, receivedAfter, limit);
            }
        };
        WaitService restarted = new WaitService(flaky, mail.inboxes, mail.cursors, worker, timer, PER_ACCOUNT, TOTAL);
        CompletableFuture<WaitOutcome> wait = restarted.await(ACCOUNT, inbox.id(), request(null, 30, null, null));
        announcing.set(false);
        failing.set(12); // e.g. the pool's connections, broken by a database restart, discarded one per try
        Message message = record("a@example.com", "after the restart");
        restarted.mayHaveMissedArrivals();

        assertThat(outcome(wait).message()).isEqualTo(message);
        CompletableFuture<WaitOutcome> ending = restarted.await(ACCOUNT, inbox.id(), request(null, 1, null, null));
        failing.set(2);
        Message late = record("b@example.com", "seen by the last look only");
        assertThat(outcome(ending).message()).as("a last look that fails at first is tried again").isEqualTo(late);
        assertThat(failing.get()).isNegative();
    }

    @Test
    void waitsAreCappedPerAccountAndInTotalAndEndingOneFreesItsPlace() throws Exception {
        List<CompletableFuture<WaitOutcome>> open = new ArrayList<>();
        for (int i = 0; i < PER_ACCOUNT; i++) {
            open.add(waits.await(ACCOUNT, inbox.id(), request(null, 30, null, null)));
        }
        assertThatThrownBy(() -> waits.await(ACCOUNT, inbox.id(), request(null, 30, null, null)))
                .isInstanceOf(TooManyWaitsException.class).hasMessageContaining(PER_ACCOUNT + " waits in progress");

        Inbox other = mail.inboxes.create(OTHER_ACCOUNT, CreateInbox.of("other", null), null).inbox();
        open.add(waits.await(OTHER_ACCOUNT, other.id(), request(null, 30, null, null)));
        open.add(waits.await(OTHER_ACCOUNT, other.id(), request(null, 30, null, null)));
        assertThatThrownBy(() -> waits.await(OTHER_ACCOUNT, other.id(), request(null, 30, null, null)))
                .isInstanceOf(TooManyWaitsException.class).hasMessageContaining("as many waits as it can");

        open.get(0).cancel(false); // the client went away
        assertThat(waits.active()).isEqualTo(TOTAL - 1);
        open.add(waits.await(ACCOUNT, inbox.id(), request(null, 30, null, null)));
        waits.close();
        assertThat(open.subList(1, open.size())).allSatisfy(wait -> assertThat(outcome(wait).timedOut()).isTrue());
        assertThat(waits.active()).isZero();
    }

    @Test
    void anotherAccountsInboxOrANextOfAnotherInboxIsRefused() {
        Inbox other = mail.newInbox("other");
        String foreignNext = waits.await(ACCOUNT, other.id(), request(null, 1, null, null)).join().next();

        assertThatThrownBy(() -> waits.await(OTHER_ACCOUNT, inbox.id(), request(null, 1, null, null)))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> waits.await(ACCOUNT, inbox.id(), request(foreignNext, 1, null, null)))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("another inbox");
        assertThatThrownBy(() -> waits.await(ACCOUNT, inbox.id(), request("not-a-next", 1, null, null)))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("exactly as it was returned");
        assertThat(waits.active()).isZero();
    }

    @Test
    void aWaitOnAnInboxThatIsDeletedEndsAsNotFound() {
        CompletableFuture<WaitOutcome> wait = waits.await(ACCOUNT, inbox.id(), request(null, 30, null, null));
        mail.inboxes.delete(ACCOUNT, inbox.id());
        waits.arrived(inbox.id(), Long.MAX_VALUE);

        assertThatThrownBy(() -> outcome(wait)).hasCauseInstanceOf(NotFoundException.class);
    }

    @Test
    void argumentsAreCheckedWithAdvice() {
        for (String bad : List.of("0", "61", "-1", "abc", "2.5", "1e3", "\u0000", "9".repeat(20))) {
            assertThatThrownBy(() -> WaitRequest.parse(null, bad, "timeout_seconds", null, null))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("timeout_seconds must be a whole "
                            + "number of seconds from 1 to 60");
        }
        assertThat(WaitRequest.parse(null, "60", "timeout", null, null).timeout()).hasSeconds(60);
        assertThat(WaitRequest.parse(null, "30.0", "timeout", null, null).timeout()).hasSeconds(30);
        assertThat(WaitRequest.parse(null, null, "timeout", null, null).timeout()).hasSeconds(30);
        assertThatThrownBy(() -> WaitRequest.parse("2026-13-01T00:00:00Z", null, "timeout", null, null))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("since");
        assertThatThrownBy(() -> WaitRequest.parse("x".repeat(600), null, "timeout", null, null))
                .hasMessageContaining("600 characters");
        assertThatThrownBy(() -> WaitRequest.parse(null, null, "timeout", "a\u0000b", null))
                .hasMessageContaining("from must not contain control characters");
        assertThatThrownBy(() -> WaitRequest.parse(null, null, "timeout", null, "s".repeat(999)))
                .hasMessageContaining("subject must be at most");
        assertThat(WaitRequest.parse(" 2026-11-29T21:48:33Z ", null, "timeout", "", "").receivedAfter())
                .isEqualTo(Instant.parse("2026-11-29T21:48:33Z"));
    }
}
