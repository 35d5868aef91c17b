package dev.inboxes.sdk;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The Inboxes API for programs. Lists are paginated on the wire; every list has the same two forms: a page
 * call ({@link #listInboxesPage(ListInboxesParams)}) for control, and an auto-paging iterable
 * ({@link #iterateInboxes(ListInboxesParams)}) that hides the pages, with {@code toList()} and {@code stream()}.
 * {@link #listInboxes()} returns every inbox.
 *
 * <p>Immutable and thread-safe: build one per API key and share it. Every method throws an
 * {@link InboxesException} subclass on failure. Idempotent calls (reads, deletes, and creates, which always
 * carry an {@code Idempotency-Key}) are retried on connection errors, timeouts and 502/503/504; every call is
 * retried after a 429, once the server's {@code Retry-After} has passed (see {@link RateLimitedException}).
 */
public final class InboxesClient {

    /** The page size the auto-paging methods request unless the params set a limit: the server's maximum. */
    public static final int AUTO_PAGING_LIMIT = 200;

    private static final String INBOXES = "/v1/inboxes";
    private static final String API_KEYS = "/v1/api-keys";
    private static final String BULK_DELETE_PATH = "/v1/inboxes/bulk-delete";
    private static final String EVENTS = "/v1/events";
    private static final String WEBHOOKS = "/v1/webhooks";
    /** How long the server waits for a message when the call sets no timeout. */
    private static final Duration DEFAULT_WAIT = Duration.ofSeconds(30);

    private final HttpTransport transport;

    InboxesClient(ClientSettings settings) {
        this.transport = new HttpTransport(settings);
    }

    /** @return a builder; set at least {@code baseUrl} and {@code apiKey} */
    public static InboxesClientBuilder builder() {
        return new InboxesClientBuilder();
    }

    /**
     * Creates an account with default settings. Never retried: a retry could create a second account.
     *
     * @param baseUrl the server, e.g. {@code http://localhost:8080}
     * @return the new account and its API key (shown only once)
     */
    public static NewAccount createAccount(String baseUrl) {
        return builder().baseUrl(baseUrl).createAccount();
    }

    /** Creates an inbox with a random address. See {@link #createInbox(CreateInboxParams)}. */
    public Inbox createInbox() {
        return createInbox(CreateInboxParams.builder().build());
    }

    /**
     * Creates an inbox. Safe to retry: the request carries the params' idempotency key, or a random one
     * generated for this call and reused by its retries, so a retry after a lost response returns the inbox
     * the first attempt created instead of a second one.
     *
     * @throws ConflictException   the address is taken (409), or the key was used with another body (422)
     * @throws ValidationException a field is invalid
     */
    public Inbox createInbox(CreateInboxParams params) {
        Objects.requireNonNull(params, "params");
        String key = params.idempotencyKey() != null ? params.idempotencyKey() : UUID.randomUUID().toString();
        ApiCall call = ApiCall.idempotentPost(INBOXES, RequestBodies.CreateInbox.from(params), key);
        return ResponseReader.read(transport.send(call), Inbox.class);
    }

    /**
     * @param inboxId the inbox id
     * @throws NotFoundException no such inbox in this account
     */
    public Inbox getInbox(String inboxId) {
        return ResponseReader.read(transport.send(ApiCall.get(inboxPath(inboxId))), Inbox.class);
    }

    /**
     * Deletes an inbox and its messages.
     *
     * @throws NotFoundException no such inbox in this account (also when a retry follows a lost response to
     *                           a delete that succeeded)
     */
    public void deleteInbox(String inboxId) {
        transport.send(ApiCall.delete(inboxPath(inboxId)));
    }

    /**
     * Deletes the inboxes matching filters, in two steps. Without a confirm token it deletes nothing and returns how
     * many match, a sample and a token; with that token (and the same filters) it deletes up to 1,000 of them and,
     * while more remain, returns a new token:
     * <pre>{@code
     * BulkDeleteInboxesParams yesterday = BulkDeleteInboxesParams.builder()
     *         .createdAfter(start).createdBefore(end).build();
     * BulkDeletion step = client.bulkDeleteInboxes(yesterday);   // the preview: check step.matched()
     * while (step.hasMore()) {
     *     step = client.bulkDeleteInboxes(yesterday.confirmedBy(step.confirmToken()));
     * }
     * }</pre>
     * A preview is retried like a read; a confirmed call is never retried (it deletes), so after a connection
     * error preview again.
     *
     * @throws ConflictException   the matches changed since the token was issued (409 {@code matches-changed});
     *                             nothing was deleted: preview again
     * @throws ValidationException a filter is invalid, or the token is damaged, expired or for other filters
     */
    public BulkDeletion bulkDeleteInboxes(BulkDeleteInboxesParams params) {
        BulkDeleteInboxesParams p = params != null ? params : BulkDeleteInboxesParams.builder().build();
        RequestBodies.BulkDeleteInboxes body = RequestBodies.BulkDeleteInboxes.from(p);
        ApiCall call = p.confirmToken() == null ? ApiCall.safePost(BULK_DELETE_PATH, body)
                : ApiCall.post(BULK_DELETE_PATH, body);
        return ResponseReader.read(transport.send(call), BulkDeletion.class);
    }

    /**
     * Fetches one page of inboxes, newest first. Pass the page's {@link Page#cursor()} back, with the same
     * filters, for the next page.
     *
     * @param params limit, cursor and filters; {@code null} for the first page of 50
     * @throws InvalidCursorException  the cursor is damaged
     * @throws CursorMismatchException the cursor belongs to other filters
     */
    public Page<Inbox> listInboxesPage(ListInboxesParams params) {
        return page(INBOXES, params, Inbox.class);
    }

    /**
     * Every inbox, fetched page by page as the iterable is consumed ({@code toList()}, {@code stream()}, a
     * {@code for} loop): {@code iterateInboxes(null).stream().limit(3)} makes one request.
     *
     * @param params filters ({@code q}, {@code createdAfter}, {@code createdBefore}) and the page size (default
     *               {@value #AUTO_PAGING_LIMIT}); no cursor: a walk starts at the first page; may be {@code null}
     * @return every matching inbox, newest first; nothing is requested before iteration starts
     */
    public AutoPagingIterable<Inbox> iterateInboxes(ListInboxesParams params) {
        return walk(INBOXES, params, Inbox.class);
    }

    /** @return every inbox of the account, newest first, read {@value #AUTO_PAGING_LIMIT} per request */
    public List<Inbox> listInboxes() {
        return iterateInboxes(null).toList();
    }

    /**
     * Records a message received by an inbox. Never retried, not even on 503: the server has no idempotency
     * key for messages, so a retry could record it twice.
     *
     * @throws NotFoundException   no such inbox in this account
     * @throws ValidationException a field is missing or invalid
     */
    public Message recordMessage(String inboxId, RecordMessageParams params) {
        Objects.requireNonNull(params, "params");
        ApiCall call = ApiCall.post(messagesPath(inboxId), RequestBodies.RecordMessage.from(params));
        return ResponseReader.read(transport.send(call), Message.class);
    }

    /**
     * Fetches one page of an inbox's messages, newest first: all of them, or those matching {@code q}.
     *
     * @param params limit, cursor and q; {@code null} for the first page of 50
     * @throws CursorMismatchException the cursor belongs to another inbox or another q
     */
    public Page<Message> listMessagesPage(String inboxId, ListMessagesParams params) {
        return page(messagesPath(inboxId), params, Message.class);
    }

    /**
     * Every message of the inbox (or every one matching the params' {@code q}), fetched page by page as the
     * iterable is consumed.
     *
     * @param params {@code q} and the page size (default {@value #AUTO_PAGING_LIMIT}); no cursor; may be
     *               {@code null}
     * @return every matching message, newest first; nothing is requested before iteration starts
     */
    public AutoPagingIterable<Message> iterateMessages(String inboxId, ListMessagesParams params) {
        return walk(messagesPath(inboxId), params, Message.class);
    }

    /** @return every message of the inbox, newest first, read {@value #AUTO_PAGING_LIMIT} per request */
    public List<Message> listMessages(String inboxId) {
        return iterateMessages(inboxId, null).toList();
    }

    /**
     * Reads a whole message: headers, text and HTML bodies, attachments' descriptions, and the one-time codes and
     * links found in it by heuristics ({@link MessageDetail#codes()}, {@link MessageDetail#links()}).
     *
     * @throws NotFoundException no such inbox, or no such message in it, in this account
     */
    public MessageDetail getMessage(String inboxId, String messageId) {
        return ResponseReader.read(transport.send(ApiCall.get(messagePath(inboxId, messageId))), MessageDetail.class);
    }

    /**
     * The message's bytes as received over SMTP ({@code message/rfc822}, after this service's {@code Received:}
     * line); for a recorded message, the RFC 5322 text composed when it was recorded.
     *
     * @throws NotFoundException no such inbox, or no such message in it, in this account
     */
    public byte[] getRawMessage(String inboxId, String messageId) {
        return transport.sendForBytes(ApiCall.download(messagePath(inboxId, messageId) + "/raw", "message/rfc822")).body();
    }

    /**
     * An attachment's decoded bytes; its file name and media type are in {@link MessageDetail#attachments()}.
     *
     * @throws NotFoundException no such inbox, message or attachment in this account
     */
    public byte[] downloadAttachment(String inboxId, String messageId, String attachmentId) {
        String path = messagePath(inboxId, messageId) + "/attachments/" + UrlEncoding.encode(requireId("attachmentId",
                attachmentId));
        return transport.sendForBytes(ApiCall.download(path, "*/*")).body();
    }

    /**
     * Sends a new message from the inbox's own address. Answered once the message and one queued delivery per
     * recipient are stored; {@link MessageDetail#deliveries()} tell how each goes, read again with
     * {@link #getMessage}. Safe to retry: the request carries the params' idempotency key, or one generated for
     * this call and reused by its retries, so a retry after a lost response sends nothing twice.
     *
     * @return the stored outbound message ({@code direction} {@code outbound})
     * @throws ValidationException a field is invalid (an address, too many recipients, more than 10 MB)
     * @throws ConflictException   the idempotency key was used with another body (422)
     * @throws RateLimitedException the account's outbox is full (429, not retried)
     */
    public MessageDetail sendMessage(String inboxId, SendMessageParams params) {
        Objects.requireNonNull(params, "params");
        return accepted(ApiCall.idempotentPost(messagesPath(inboxId) + "/send",
                RequestBodies.SendMessage.from(params), keyOf(params.idempotencyKey())));
    }

    /**
     * Replies to a message of the inbox: to its Reply-To (else From), in its thread, with {@code Re: } and the
     * threading headers set. Retried safely like {@link #sendMessage}.
     *
     * @throws NotFoundException no such inbox, or no such message in it, in this account
     */
    public MessageDetail replyToMessage(String inboxId, String messageId, ReplyParams params) {
        Objects.requireNonNull(params, "params");
        return accepted(ApiCall.idempotentPost(messagePath(inboxId, messageId) + "/reply",
                RequestBodies.Reply.from(params), keyOf(params.idempotencyKey())));
    }

    /**
     * Forwards a message of the inbox, attached whole ({@code message/rfc822}) under {@code Fwd: }. Retried safely
     * like {@link #sendMessage}.
     *
     * @throws NotFoundException no such inbox, or no such message in it, in this account
     */
    public MessageDetail forwardMessage(String inboxId, String messageId, ForwardParams params) {
        Objects.requireNonNull(params, "params");
        return accepted(ApiCall.idempotentPost(messagePath(inboxId, messageId) + "/forward",
                RequestBodies.Forward.from(params), keyOf(params.idempotencyKey())));
    }

    private MessageDetail accepted(ApiCall call) {
        return ResponseReader.read(transport.send(call), MessageDetail.class);
    }

    private static String keyOf(String given) {
        return given != null ? given : UUID.randomUUID().toString();
    }

    /**
     * Deletes a message and its attachments.
     *
     * @throws NotFoundException no such inbox, or no such message in it, in this account (also when a retry
     *                           follows a lost response to a delete that succeeded)
     */
    public void deleteMessage(String inboxId, String messageId) {
        transport.send(ApiCall.delete(messagePath(inboxId, messageId)));
    }

    /**
     * Fetches one page of the account's API keys, newest first (never their secrets).
     *
     * @param params limit and cursor; {@code null} for the first page of 50
     */
    public Page<ApiKey> listApiKeysPage(PageParams params) {
        return page(API_KEYS, params, ApiKey.class);
    }

    /**
     * Every API key of the account, fetched page by page as the iterable is consumed.
     *
     * @param params the page size (default {@value #AUTO_PAGING_LIMIT}); no cursor; may be {@code null}
     * @return every key, newest first; nothing is requested before iteration starts
     */
    public AutoPagingIterable<ApiKey> iterateApiKeys(PageParams params) {
        return walk(API_KEYS, params, ApiKey.class);
    }

    /** @return every API key of the account, newest first */
    public List<ApiKey> listApiKeys() {
        return iterateApiKeys(null).toList();
    }

    /**
     * Creates another API key for the account, e.g. to rotate keys: create, switch to the new one, delete the old.
     * Not retried on failures (a retry could create a second key), except after a 429.
     *
     * @return the key and its secret, shown only this once
     * @throws ConflictException the account already holds the most keys it may
     */
    public NewApiKey createApiKey() {
        return ResponseReader.read(transport.send(ApiCall.post(API_KEYS, null)), NewApiKey.class);
    }

    /**
     * Deletes (revokes) an API key: every replica of the service refuses it within a second.
     *
     * @throws NotFoundException no such key in this account
     * @throws ConflictException it is the account's last key
     */
    public void deleteApiKey(String keyId) {
        if (keyId == null || keyId.isBlank()) {
            throw new IllegalArgumentException("keyId must not be null or blank");
        }
        transport.send(ApiCall.delete(API_KEYS + "/" + UrlEncoding.encode(keyId)));
    }

    /**
     * Fetches one page of the account's events, newest first.
     *
     * @param params limit, cursor, {@code type} and {@code inboxId}; {@code null} for the first page of 50
     */
    public Page<Event> listEventsPage(ListEventsParams params) {
        return page(EVENTS, params, Event.class);
    }

    /**
     * Every event of the account matching the params' filters, newest first, fetched page by page as the iterable is
     * consumed.
     *
     * @param params filters and page size (default {@value #AUTO_PAGING_LIMIT}); no cursor; may be {@code null}
     */
    public AutoPagingIterable<Event> iterateEvents(ListEventsParams params) {
        return walk(EVENTS, params, Event.class);
    }

    /** @return every event of the account (kept 30 days by default), newest first */
    public List<Event> listEvents() {
        return iterateEvents(null).toList();
    }

    /**
     * Creates a webhook endpoint. Not retried on failures (a retry could create a second one), except after a 429.
     *
     * @return the endpoint and its signing secret, shown only this once
     * @throws ValidationException a bad URL, event type or inbox id
     * @throws ConflictException   the account has as many endpoints as it may
     */
    public WebhookWithSecret createWebhook(WebhookParams params) {
        return ResponseReader.read(transport.send(ApiCall.post(WEBHOOKS, RequestBodies.Webhook.from(params))),
                WebhookWithSecret.class);
    }

    /** @throws NotFoundException no such endpoint in this account */
    public Webhook getWebhook(String webhookId) {
        return ResponseReader.read(transport.send(ApiCall.get(webhookPath(webhookId))), Webhook.class);
    }

    /**
     * Changes what the params set (the rest stays).
     *
     * @throws NotFoundException no such endpoint in this account
     */
    public Webhook updateWebhook(String webhookId, WebhookParams params) {
        return ResponseReader.read(transport.send(new ApiCall("PATCH", webhookPath(webhookId),
                Json.write(RequestBodies.Webhook.from(params)), java.util.Map.of(), true)), Webhook.class);
    }

    /** Deletes the endpoint with its pending deliveries. */
    public void deleteWebhook(String webhookId) {
        transport.send(ApiCall.delete(webhookPath(webhookId)));
    }

    /** A new secret, shown once; for 24 hours the old one signs too, beside it. */
    public WebhookWithSecret rotateWebhookSecret(String webhookId) {
        return ResponseReader.read(transport.send(ApiCall.post(webhookPath(webhookId) + "/rotate-secret", null)),
                WebhookWithSecret.class);
    }

    /** Fetches one page of the account's webhook endpoints, newest first. */
    public Page<Webhook> listWebhooksPage(PageParams params) {
        return page(WEBHOOKS, params, Webhook.class);
    }

    /** Every webhook endpoint of the account, newest first, fetched page by page. */
    public AutoPagingIterable<Webhook> iterateWebhooks(PageParams params) {
        return walk(WEBHOOKS, params, Webhook.class);
    }

    /** @return every webhook endpoint of the account, newest first */
    public List<Webhook> listWebhooks() {
        return iterateWebhooks(null).toList();
    }

    /** Fetches one page of an endpoint's delivery attempts, newest first. */
    public Page<WebhookDelivery> listWebhookDeliveriesPage(String webhookId, PageParams params) {
        return page(webhookPath(webhookId) + "/deliveries", params, WebhookDelivery.class);
    }

    /** Every delivery attempt of an endpoint, newest first, fetched page by page. */
    public AutoPagingIterable<WebhookDelivery> iterateWebhookDeliveries(String webhookId, PageParams params) {
        return walk(webhookPath(webhookId) + "/deliveries", params, WebhookDelivery.class);
    }

    /**
     * Sends a delivery's event again now.
     *
     * @param deliveryId a delivery id ({@code whd_…}) or the id of one of its attempts
     * @throws ConflictException the endpoint is disabled
     */
    public void retryWebhookDelivery(String webhookId, String deliveryId) {
        transport.send(ApiCall.post(webhookPath(webhookId) + "/deliveries/"
                + UrlEncoding.encode(requireId("deliveryId", deliveryId)) + "/retry", null));
    }

    /**
     * Fetches one page of an inbox's threads, latest activity first. A thread that receives a message while you page
     * comes again at the end of the walk; every thread is returned at least once.
     *
     * @param params limit and cursor; {@code null} for the first page of 50
     * @throws NotFoundException no such inbox in this account
     */
    public Page<MessageThread> listThreadsPage(String inboxId, PageParams params) {
        return page(threadsPath(inboxId), params, MessageThread.class);
    }

    /**
     * Every thread of the inbox, fetched page by page as the iterable is consumed.
     *
     * @param params the page size (default {@value #AUTO_PAGING_LIMIT}); no cursor; may be {@code null}
     * @return the threads, latest activity first (one that receives a message meanwhile comes again at the end)
     */
    public AutoPagingIterable<MessageThread> iterateThreads(String inboxId, PageParams params) {
        return walk(threadsPath(inboxId), params, MessageThread.class);
    }

    /** @return every thread of the inbox, latest activity first, read {@value #AUTO_PAGING_LIMIT} per request */
    public List<MessageThread> listThreads(String inboxId) {
        return iterateThreads(inboxId, null).toList();
    }

    /**
     * Fetches one page of a thread's messages, oldest first.
     *
     * @param params limit and cursor; {@code null} for the first page of 50
     * @throws NotFoundException no such inbox, or no such thread in it, in this account
     */
    public Page<Message> listThreadMessagesPage(String inboxId, String threadId, PageParams params) {
        return page(threadMessagesPath(inboxId, threadId), params, Message.class);
    }

    /**
     * Every message of the thread, fetched page by page as the iterable is consumed.
     *
     * @param params the page size (default {@value #AUTO_PAGING_LIMIT}); no cursor; may be {@code null}
     * @return the thread's messages, oldest first
     */
    public AutoPagingIterable<Message> iterateThreadMessages(String inboxId, String threadId, PageParams params) {
        return walk(threadMessagesPath(inboxId, threadId), params, Message.class);
    }

    /** @return every message of the thread, oldest first, read {@value #AUTO_PAGING_LIMIT} per request */
    public List<Message> listThreadMessages(String inboxId, String threadId) {
        return iterateThreadMessages(inboxId, threadId, null).toList();
    }

    /**
     * Waits for the next message of the inbox. See {@link #waitForMessage(String, String, Duration, WaitForMessageParams)}.
     */
    public WaitResult waitForMessage(String inboxId, String since, Duration timeout) {
        return waitForMessage(inboxId, since, timeout, null);
    }

    /**
     * Waits until the inbox receives a message after {@code since} (matching the params' filters), and returns it as
     * soon as it arrives, or at the timeout with {@link WaitResult#timedOut()}. Either way, pass
     * {@link WaitResult#next()} as {@code since} to wait for the following message: no message is missed or returned
     * twice. Works across replicas. Each attempt's HTTP timeout is the client's plus {@code timeout}.
     *
     * <pre>{@code
     * WaitResult result = client.waitForMessage(inboxId, null, Duration.ofSeconds(30));
     * while (result.timedOut()) {
     *     result = client.waitForMessage(inboxId, result.next(), Duration.ofSeconds(30));
     * }
     * }</pre>
     *
     * @param since   the {@link WaitResult#next()} of an earlier wait, an RFC 3339 time (the first message received after
     *                it), or {@code null}: a message that arrives after the call
     * @param timeout how long to wait at most: 1 to 60 seconds, whole seconds; {@code null} for 30
     * @param params  from and subject filters; may be {@code null}
     * @throws NotFoundException     no such inbox in this account
     * @throws RateLimitedException  the account already has as many waits in progress as it may
     */
    public WaitResult waitForMessage(String inboxId, String since, Duration timeout, WaitForMessageParams params) {
        if (timeout != null && (timeout.toMillis() % 1000 != 0 || timeout.isNegative())) {
            throw new IllegalArgumentException("timeout must be whole seconds, 1 to 60");
        }
        WaitForMessageParams p = params != null ? params : WaitForMessageParams.builder().build();
        String query = new UrlEncoding.Query()
                .add("since", since)
                .add("timeout", timeout == null ? null : (int) timeout.toSeconds())
                .add("from", p.from())
                .add("subject", p.subject())
                .toString();
        Duration serverTime = timeout != null ? timeout : DEFAULT_WAIT;
        ApiCall call = ApiCall.longGet(messagesPath(inboxId) + "/wait" + query, serverTime, transport.requestTimeout());
        return ResponseReader.read(transport.send(call), WaitResult.class);
    }

    /** One page of the list at {@code path}; {@code null} params ask for the first page of the server's default size. */
    private <T> Page<T> page(String path, PagingParams params, Class<T> type) {
        return getPage(path + orUnset(params).query(), type);
    }

    /**
     * Every item of the list at {@code path}: the params' filters on each page, the caller's limit or the server's
     * maximum, and the cursor of the page before. The caller builds the path, which checks its ids: a bad id fails
     * at once, not at the first request.
     *
     * @throws IllegalArgumentException when the params carry a cursor: a walk that returns "every item" must
     *                                  start at the first page (resume with the page call instead)
     */
    private <T> AutoPagingIterable<T> walk(String path, PagingParams params, Class<T> type) {
        PagingParams first = orUnset(params);
        if (first.cursor() != null) {
            throw new IllegalArgumentException("Auto-paging starts at the first page and follows the cursor itself; "
                    + "remove the cursor, or page manually with the list's page call");
        }
        int limit = first.limit() != null ? first.limit() : AUTO_PAGING_LIMIT;
        return new AutoPagingIterable<>(cursor -> getPage(path + first.query(limit, cursor), type));
    }

    private <T> Page<T> getPage(String pathAndQuery, Class<T> type) {
        return ResponseReader.readPage(transport.send(ApiCall.get(pathAndQuery)), type);
    }

    /** Params with nothing set stand for {@code null}: no filters, the first page, the server's page size. */
    private static PagingParams orUnset(PagingParams params) {
        return params != null ? params : PageParams.builder().build();
    }

    private static String webhookPath(String webhookId) {
        return WEBHOOKS + "/" + UrlEncoding.encode(requireId("webhookId", webhookId));
    }

    private static String inboxPath(String inboxId) {
        return INBOXES + "/" + UrlEncoding.encode(requireInboxId(inboxId));
    }

    private static String requireInboxId(String inboxId) {
        // A blank id would turn /v1/inboxes/{id} into another route (DELETE /v1/inboxes/): refuse it here.
        if (inboxId == null || inboxId.isBlank()) {
            throw new IllegalArgumentException("inboxId must not be null or blank");
        }
        return inboxId;
    }

    private static String messagesPath(String inboxId) {
        return inboxPath(inboxId) + "/messages";
    }

    private static String threadsPath(String inboxId) {
        return inboxPath(inboxId) + "/threads";
    }

    private static String threadPath(String inboxId, String threadId) {
        return threadsPath(inboxId) + "/" + UrlEncoding.encode(requireId("threadId", threadId));
    }

    private static String threadMessagesPath(String inboxId, String threadId) {
        return threadPath(inboxId, threadId) + "/messages";
    }

    private static String messagePath(String inboxId, String messageId) {
        return messagesPath(inboxId) + "/" + UrlEncoding.encode(requireId("messageId", messageId));
    }

    /** A blank id would turn a path into another route: refuse it here. */
    private static String requireId(String name, String id) {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException(name + " must not be null or blank");
        }
        return id;
    }
}
