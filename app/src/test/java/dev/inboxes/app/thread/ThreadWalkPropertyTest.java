package dev.inboxes.app.thread;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.domain.mail.DeliveryReport;
import dev.inboxes.domain.mail.Envelope;
import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.mail.Recipient;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The threads list's walk guarantee under concurrent deliveries, against PostgreSQL: while writers deliver new
 * threads and replies (real delivery transactions, several at once) and delete replies, a walker pages through the
 * threads list over REST with random page sizes. Every thread present for the whole walk must be returned, and a
 * thread returned twice must have received a message during the walk. Randomized and seeded: the seed is printed,
 * and {@code -Dthreads.seed=…} replays it.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ThreadWalkPropertyTest {

    private static final int ROUNDS = 4;
    private static final int WRITERS = 3;
    /** Each writer's deliveries and deletes per round: the walk runs beside them, and ends. */
    private static final int OPERATIONS = 40;

    @Inject
    MailDelivery delivery;

    @Inject
    MessageService messages;

    /** A delivery into a thread, and when it ran (nanoTime). */
    private record Delivered(String threadId, long started, long ended) {
    }

    /** The test's model of one inbox: its threads' root Message-IDs and deletable replies. */
    private final class Model {
        final Recipient recipient;
        final Map<String, String> rootMessageId = new HashMap<>();
        final Map<String, List<String>> replies = new HashMap<>();
        final Map<String, Long> createdAt = new HashMap<>();
        final List<Delivered> delivered = new CopyOnWriteArrayList<>();
        int sequence;

        Model(Recipient recipient) {
            this.recipient = recipient;
        }

        synchronized List<String> threads() {
            return new ArrayList<>(rootMessageId.keySet());
        }

        void newThread() {
            String messageId = "<root-" + UUID.randomUUID() + "@walk.test>";
            long started = System.nanoTime();
            String stored = deliver(messageId, null, "Topic " + next());
            long ended = System.nanoTime();
            String threadId = messages.get(recipient.accountId(), recipient.inboxId(), stored).row().threadId();
            synchronized (this) {
                rootMessageId.put(threadId, messageId);
                replies.put(threadId, new ArrayList<>());
                createdAt.put(threadId, ended);
            }
            delivered.add(new Delivered(threadId, started, ended));
        }

        void reply(Random random) {
            List<String> threads = threads();
            String threadId = threads.get(random.nextInt(threads.size()));
            String root;
            synchronized (this) {
                root = rootMessageId.get(threadId);
            }
            long started = System.nanoTime();
            String stored = deliver("<reply-" + UUID.randomUUID() + "@walk.test>", root, "Re: Topic");
            delivered.add(new Delivered(threadId, started, System.nanoTime()));
            synchronized (this) {
                replies.get(threadId).add(stored);
            }
        }

        /** Deletes a reply: the thread keeps its root, so it stays, and its place in the list does not change. */
        void deleteReply(Random random) {
            String reply = null;
            synchronized (this) {
                List<String> withReplies = replies.entrySet().stream().filter(entry -> !entry.getValue().isEmpty())
                        .map(Map.Entry::getKey).sorted().toList();
                if (!withReplies.isEmpty()) {
                    List<String> candidates = replies.get(withReplies.get(random.nextInt(withReplies.size())));
                    reply = candidates.remove(random.nextInt(candidates.size()));
                }
            }
            if (reply != null) {
                messages.delete(recipient.accountId(), recipient.inboxId(), reply);
            }
        }

        private synchronized int next() {
            return sequence++;
        }

        private String deliver(String messageId, String inReplyTo, String subject) {
            String raw = "Message-ID: " + messageId + "\r\nSubject: " + subject + "\r\n\r\nHello\r\n";
            MessageContent content = new MessageContent("writer@walk.test", null, recipient.address(), null, null,
                    subject, null, messageId, inReplyTo, inReplyTo == null ? List.of() : List.of(inReplyTo), "Hello",
                    null, List.of(), raw.getBytes(StandardCharsets.UTF_8));
            DeliveryReport report = delivery.deliver(new Envelope("writer@walk.test", List.of(recipient), ""), content);
            assertThat(report.stored()).hasSize(1);
            return report.stored().get(0);
        }
    }

    @Test
    void everyThreadPresentForTheWholeWalkIsReturnedAndOnlyThreadsThatReceivedMailComeTwice() throws Exception {
        long seed = Long.getLong("threads.seed", System.nanoTime());
        System.out.printf("ThreadWalkPropertyTest seed %d (replay with -Dthreads.seed=%d)%n", seed, seed);
        Random random = new Random(seed);
        String apiKey = Api.newAccount();
        int pages = 0;
        int repeats = 0;
        int deliveriesDuringWalks = 0;
        for (int round = 0; round < ROUNDS; round++) {
            String username = "walk-" + UUID.randomUUID().toString().substring(0, 12);
            String inboxId = Api.createInbox(apiKey, Map.of("username", username));
            Model model = new Model(delivery.check(username + "@inboxes.test").recipient());
            for (int i = 30 + random.nextInt(60); i > 0; i--) {
                if (model.rootMessageId.isEmpty() || random.nextInt(3) == 0) {
                    model.newThread();
                } else {
                    model.reply(random);
                }
            }

            List<Thread> writers = new ArrayList<>();
            List<Throwable> failures = new CopyOnWriteArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                Random own = new Random(seed ^ (round * 31L + w));
                Thread writer = new Thread(() -> {
                    try {
                        for (int done = 0; done < OPERATIONS; done++) {
                            int operation = own.nextInt(10);
                            if (operation < 3) {
                                model.newThread();
                            } else if (operation < 9) {
                                model.reply(own);
                            } else {
                                model.deleteReply(own);
                            }
                            Thread.sleep(own.nextInt(3));
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                writers.add(writer);
            }
            writers.forEach(Thread::start);
            Thread.sleep(20); // the writers are under way before the walk begins

            long walkStarted = System.nanoTime();
            List<String> seen = new ArrayList<>();
            String cursor = null;
            do {
                JsonNode page = Api.page(apiKey, "/v1/inboxes/" + inboxId + "/threads",
                        Map.of("limit", 1 + random.nextInt(12)), cursor);
                page.path("data").forEach(thread -> seen.add(thread.path("id").asText()));
                cursor = page.path("cursor").isNull() ? null : page.path("cursor").asText();
                pages++;
                assertThat(pages).as("seed %d: a walk ends", seed).isLessThan(100_000);
            } while (cursor != null);
            long walkEnded = System.nanoTime();
            for (Thread writer : writers) {
                writer.join();
            }
            assertThat(failures).as("seed %d: writers", seed).isEmpty();

            Set<String> present = new HashSet<>();
            model.createdAt.forEach((threadId, created) -> {
                if (created < walkStarted) {
                    present.add(threadId);
                }
            });
            Set<String> receivedDuringWalk = new HashSet<>();
            for (Delivered each : model.delivered) {
                if (each.ended() > walkStarted && each.started() < walkEnded) {
                    receivedDuringWalk.add(each.threadId());
                    deliveriesDuringWalks++;
                }
            }
            assertThat(seen).as("seed %d, round %d: every thread present for the whole walk", seed, round)
                    .containsAll(present);
            assertThat(model.threads()).as("seed %d: only threads of the inbox", seed).containsAll(seen);
            Set<String> once = new HashSet<>();
            for (String threadId : seen) {
                if (!once.add(threadId)) {
                    repeats++;
                    assertThat(receivedDuringWalk).as("seed %d, round %d: %s came twice without new mail", seed,
                            round, threadId).contains(threadId);
                }
            }
        }
        System.out.printf("ThreadWalkPropertyTest: %d rounds, %d pages, %d deliveries during the walks, %d threads "
                + "returned again after new mail%n", ROUNDS, pages, deliveriesDuringWalks, repeats);
        assertThat(deliveriesDuringWalks).as("the walks ran under concurrent deliveries").isPositive();
    }
}
