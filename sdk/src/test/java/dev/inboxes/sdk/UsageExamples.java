package dev.inboxes.sdk;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The source of every Java snippet in {@code docs/sdk.md}. The build compiles this class, and
 * {@link DocsExamplesTest} fails when a snippet in the doc is not found here, so the doc cannot show code
 * that does not compile. The methods are not run: they would need a live server.
 */
@SuppressWarnings("unused")
final class UsageExamples {

    private UsageExamples() {
    }

    static void quickStart() {
        NewAccount account = InboxesClient.createAccount("http://localhost:8080");
        InboxesClient client = InboxesClient.builder()
                .baseUrl("http://localhost:8080")
                .apiKey(account.apiKey())
                .build();

        Inbox support = client.createInbox(CreateInboxParams.builder()
                .username("support-bot")
                .displayName("Support bot")
                .build());
        System.out.println(support.address()); // support-bot@inboxes.test

        for (Inbox inbox : client.listInboxes()) {
            System.out.println(inbox.id() + " " + inbox.address());
        }
    }

    static InboxesClient configuration() {
        InboxesClient client = InboxesClient.builder()
                .baseUrl("https://inboxes.example.com")
                .apiKey(System.getenv("INBOXES_API_KEY"))
                .requestTimeout(Duration.ofSeconds(10))
                .maxRetries(5)
                .initialBackoff(Duration.ofMillis(500))
                .maxBackoff(Duration.ofSeconds(10))
                .requestListener((method, uri, status, duration) ->
                        System.out.printf("%s %s -> %d in %d ms%n", method, uri, status, duration.toMillis()))
                .build();
        return client;
    }

    static void everything(InboxesClient client) {
        List<Inbox> inboxes = client.listInboxes(); // every inbox, newest first, 200 per request
    }

    static void lazyStream(InboxesClient client) {
        Optional<Inbox> billing = client.iterateInboxes(null).stream()
                .filter(inbox -> inbox.address().startsWith("billing"))
                .findFirst(); // stops requesting pages as soon as it is found
    }

    static void lazyLoop(InboxesClient client) {
        Instant cutoff = Instant.now().minus(Duration.ofDays(30));
        ListInboxesParams old = ListInboxesParams.builder().createdBefore(cutoff).build();
        for (Inbox inbox : client.iterateInboxes(old)) {
            client.deleteInbox(inbox.id()); // safe: the walk neither skips nor repeats while rows disappear
        }
    }

    static void onePageAtATime(InboxesClient client) {
        ListInboxesParams firstPage = ListInboxesParams.builder().limit(50).build();
        Page<Inbox> page = client.listInboxesPage(firstPage);
        long total = page.total().orElseThrow(); // present on the first page only
        show(page.data());

        // Later, e.g. when your own user clicks "next":
        if (page.hasMore()) {
            Page<Inbox> next = client.listInboxesPage(firstPage.toBuilder().cursor(page.cursor()).build());
            show(next.data());
        }
    }

    static void filters(InboxesClient client) {
        ListInboxesParams novemberBots = ListInboxesParams.builder()
                .q("bot")
                .createdAfter(Instant.parse("2026-11-01T00:00:00Z"))
                .createdBefore(Instant.parse("2026-12-01T00:00:00Z"))
                .build();
        List<Inbox> bots = client.iterateInboxes(novemberBots).toList();

        // Only the count: one request for a one-item first page.
        long count = client.listInboxesPage(novemberBots.toBuilder().limit(1).build()).total().orElseThrow();
    }

    static void idempotentCreate(InboxesClient client, String orderBatchId) {
        Inbox orders = client.createInbox(CreateInboxParams.builder()
                .username("orders-" + orderBatchId)
                .idempotencyKey("create-orders-inbox-" + orderBatchId)
                .build());
    }

    static long bulkDelete(InboxesClient client, long expectedAtMost) {
        BulkDeleteInboxesParams yesterday = BulkDeleteInboxesParams.builder()
                .createdAfter(Instant.parse("2026-11-28T00:00:00Z"))
                .createdBefore(Instant.parse("2026-11-29T00:00:00Z"))
                .build();
        BulkDeletion step = client.bulkDeleteInboxes(yesterday);
        if (step.matched() > expectedAtMost) {
            throw new IllegalStateException(step.matched() + " inboxes match; expected at most " + expectedAtMost);
        }
        long deleted = 0;
        while (step.hasMore()) {
            step = client.bulkDeleteInboxes(yesterday.confirmedBy(step.confirmToken()));
            deleted += step.deleted();
        }
        return deleted;
    }

    static void messages(InboxesClient client, Inbox inbox) {
        Message message = client.recordMessage(inbox.id(), RecordMessageParams.builder()
                .from("alice@example.com")
                .subject("Order #1042 has not arrived")
                .text("Hello, my order placed on Monday has not arrived yet.")
                .build());

        List<Message> all = client.listMessages(inbox.id());
        long aboutOrders = client.iterateMessages(inbox.id(), ListMessagesParams.builder().limit(50).build()).stream()
                .filter(m -> m.subject().startsWith("Order"))
                .count();
        Page<Message> latestTen = client.listMessagesPage(inbox.id(),
                ListMessagesParams.builder().limit(10).build());
    }

    static void search(InboxesClient client, Inbox inbox) {
        Page<Message> newest = client.listMessagesPage(inbox.id(),
                ListMessagesParams.builder().q("verification code").limit(1).build());
        for (Message row : newest.data()) {
            MessageDetail message = client.getMessage(inbox.id(), row.id());
            message.codes().stream().findFirst() // a heuristic guess: check it against message.text()
                    .ifPresent(code -> System.out.println(code.code() + " from \"" + code.context() + "\""));
            for (MessageDetail.Link link : message.links()) {
                System.out.println(link.text() + " <" + link.url() + ">");
            }
        }
        List<Message> fromGithub = client.iterateMessages(inbox.id(),
                ListMessagesParams.builder().q("github").build()).toList();
    }

    static void receivedMail(InboxesClient client, Inbox inbox) throws java.io.IOException {
        for (Message row : client.listMessages(inbox.id())) {
            MessageDetail message = client.getMessage(inbox.id(), row.id());
            System.out.println(message.fromName() + " <" + message.from() + ">: " + message.subject());
            System.out.println(message.text()); // derived from the HTML when the mail has no text part
            for (MessageDetail.Attachment attachment : message.attachments()) {
                byte[] bytes = client.downloadAttachment(inbox.id(), row.id(), attachment.id());
                java.nio.file.Files.write(java.nio.file.Path.of("downloads", attachment.id()), bytes);
            }
            byte[] eml = client.getRawMessage(inbox.id(), row.id()); // exactly as received, message/rfc822
            client.deleteMessage(inbox.id(), row.id());
        }
    }

    static void rotateKeys(InboxesClient client, String oldKeyId) {
        NewApiKey fresh = client.createApiKey(); // the secret is in fresh.apiKey(), this once
        InboxesClient rotated = InboxesClient.builder()
                .baseUrl("http://localhost:8080")
                .apiKey(fresh.apiKey())
                .build();
        for (ApiKey key : rotated.listApiKeys()) {
            System.out.println(key.id() + " " + key.prefix() + "… last used " + key.lastUsedAt());
        }
        rotated.deleteApiKey(oldKeyId); // refused every replica within a second
    }

    static void sendMail(InboxesClient client, Inbox inbox, Message question, byte[] pdfBytes) {
        MessageDetail sent = client.sendMessage(inbox.id(), SendMessageParams.builder()
                .to("alice@example.com").subject("Your order #1042").text("It ships today.")
                .attachment(new OutgoingAttachment("label.pdf", "application/pdf", pdfBytes))
                .build());
        sent.deliveries(); // [Delivery[recipient=alice@example.com, status=queued, …]]

        MessageDetail answer = client.replyToMessage(inbox.id(), question.id(),
                ReplyParams.builder().text("It left today.").replyAll(true).build());
        client.forwardMessage(inbox.id(), question.id(), ForwardParams.builder().to("dispatch@example.com").build());
    }

    static void threads(InboxesClient client, Inbox inbox) {
        for (MessageThread thread : client.listThreads(inbox.id())) {
            System.out.println(thread.subject() + " (" + thread.messageCount() + " messages, last "
                    + thread.lastMessageAt() + ", " + String.join(", ", thread.participants()) + ")");
            for (Message message : client.listThreadMessages(inbox.id(), thread.id())) {
                System.out.println("  " + message.receivedAt() + " " + message.from() + ": " + message.preview());
            }
        }
        Page<MessageThread> latest = client.listThreadsPage(inbox.id(), PageParams.builder().limit(10).build());
    }

    static void waitForMessage(InboxesClient client, Inbox inbox) {
        WaitForMessageParams codes = WaitForMessageParams.builder().from("@service.example").subject("verification").build();
        WaitResult result = client.waitForMessage(inbox.id(), null, Duration.ofSeconds(60), codes); // null: after this call
        while (result.timedOut()) {
            result = client.waitForMessage(inbox.id(), result.next(), Duration.ofSeconds(60), codes);
        }
        MessageDetail code = client.getMessage(inbox.id(), result.message().id());
    }

    static void errorHandling(InboxesClient client) {
        try {
            client.createInbox(CreateInboxParams.builder().username("support-bot").build());
        } catch (ConflictException e) {
            System.err.println("Taken: " + e.detail()); // 409 address-taken
        } catch (ValidationException e) {
            System.err.println("Fix the request: " + e.detail()); // e.g. an invalid username
        } catch (ApiConnectionException e) {
            System.err.println("No response, even after retries: " + e.getMessage());
        } catch (InboxesException e) {
            System.err.println(e.statusCode() + " " + e.problemType() + ": " + e.getMessage());
        }
    }

    static Optional<Inbox> findInbox(InboxesClient client, String inboxId) {
        try {
            return Optional.of(client.getInbox(inboxId));
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    static void stalePage(InboxesClient client, ListInboxesParams params) {
        try {
            Page<Inbox> page = client.listInboxesPage(params);
        } catch (InvalidCursorException | CursorMismatchException e) {
            // The cursor is damaged or belongs to other filters: start again from the first page.
            Page<Inbox> first = client.listInboxesPage(params.toBuilder().cursor(null).build());
        }
    }

    static InboxesClient metrics(String baseUrl, String apiKey) {
        AtomicLong attempts = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        InboxesClient client = InboxesClient.builder()
                .baseUrl(baseUrl)
                .apiKey(apiKey)
                .requestListener((method, uri, status, duration) -> {
                    attempts.incrementAndGet();
                    if (status == -1 || status >= 500) {
                        failures.incrementAndGet();
                    }
                })
                .build();
        return client;
    }

    static String webhooks(InboxesClient client, String requestBody, java.util.Map<String, String> requestHeaders) {
        WebhookWithSecret hook = client.createWebhook(WebhookParams.of("https://example.com/hooks", "message.received"));
        // …in the receiver:
        String body = Webhooks.verify(requestBody, requestHeaders, hook.secret()); // throws WebhookVerificationException
        return body;
    }

    private static void show(List<Inbox> inboxes) {
        inboxes.forEach(System.out::println);
    }
}
