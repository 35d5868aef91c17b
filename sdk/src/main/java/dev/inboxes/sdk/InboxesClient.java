package dev.inboxes.sdk;

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
 * carry an {@code Idempotency-Key}) are retried on connection errors, timeouts and 502/503/504.
 */
public final class InboxesClient {

    /** The page size the auto-paging methods request unless the params set a limit: the server's maximum. */
    public static final int AUTO_PAGING_LIMIT = 200;

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
        ApiCall call = ApiCall.idempotentPost("/v1/inboxes", RequestBodies.CreateInbox.from(params), key);
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
     * Fetches one page of inboxes, newest first. Pass the page's {@link Page#cursor()} back, with the same
     * filters, for the next page.
     *
     * @param params limit, cursor and filters; {@code null} for the first page of 50
     * @throws InvalidCursorException  the cursor is damaged
     * @throws CursorMismatchException the cursor belongs to other filters
     */
    public Page<Inbox> listInboxesPage(ListInboxesParams params) {
        ListInboxesParams p = params != null ? params : ListInboxesParams.builder().build();
        String query = new UrlEncoding.Query()
                .add("limit", p.limit())
                .add("cursor", p.cursor())
                .add("q", p.q())
                .add("created_after", p.createdAfter()) // Instant.toString() is RFC 3339 in UTC
                .add("created_before", p.createdBefore())
                .toString();
        return ResponseReader.readPage(transport.send(ApiCall.get("/v1/inboxes" + query)), Inbox.class);
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
        ListInboxesParams first = params != null ? params : ListInboxesParams.builder().build();
        int limit = autoPagingLimit(first.limit(), first.cursor());
        return new AutoPagingIterable<>(cursor -> listInboxesPage(first.toBuilder().limit(limit).cursor(cursor).build()));
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
        ListMessagesParams p = params != null ? params : ListMessagesParams.builder().build();
        String query = new UrlEncoding.Query().add("limit", p.limit()).add("cursor", p.cursor()).add("q", p.q())
                .toString();
        return ResponseReader.readPage(transport.send(ApiCall.get(messagesPath(inboxId) + query)), Message.class);
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
        requireInboxId(inboxId); // fail now, not at the first request
        ListMessagesParams first = params != null ? params : ListMessagesParams.builder().build();
        int limit = autoPagingLimit(first.limit(), first.cursor());
        return new AutoPagingIterable<>(cursor -> listMessagesPage(inboxId,
                first.toBuilder().limit(limit).cursor(cursor).build()));
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
     * Deletes a message and its attachments.
     *
     * @throws NotFoundException no such inbox, or no such message in it, in this account (also when a retry
     *                           follows a lost response to a delete that succeeded)
     */
    public void deleteMessage(String inboxId, String messageId) {
        transport.send(ApiCall.delete(messagePath(inboxId, messageId)));
    }

    /**
     * The page size of an auto-paging walk: the caller's, or the server's maximum.
     *
     * @throws IllegalArgumentException when the params carry a cursor: a walk that returns "every item" must
     *                                  start at the first page (resume with the page call instead)
     */
    private static int autoPagingLimit(Integer limit, String cursor) {
        if (cursor != null) {
            throw new IllegalArgumentException("Auto-paging starts at the first page and follows the cursor itself; "
                    + "remove the cursor, or page manually with the list's page call");
        }
        return limit != null ? limit : AUTO_PAGING_LIMIT;
    }

    private static String inboxPath(String inboxId) {
        return "/v1/inboxes/" + UrlEncoding.encode(requireInboxId(inboxId));
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
