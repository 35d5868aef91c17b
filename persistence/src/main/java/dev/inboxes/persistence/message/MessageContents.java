package dev.inboxes.persistence.message;

import dev.inboxes.persistence.shared.SqlRows;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.message.Attachment;
import dev.inboxes.domain.message.Authentication;
import dev.inboxes.domain.message.AttachmentContent;
import dev.inboxes.domain.message.AttachmentSlice;
import dev.inboxes.domain.message.ByteSlice;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageExtracts;
import dev.inboxes.domain.message.MessageLink;
import dev.inboxes.domain.message.NewAttachment;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.OneTimeCode;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.persistence.thread.ThreadKeeper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.hibernate.Session;

/**
 * The wide side of messages: whole messages with their raw bytes and attachments, written and read in plain
 * SQL on the transaction's own connection. Byte arrays, text arrays and batched attachment rows go to the
 * driver as they are, with no entity in between; lists never come here (see {@link PostgresMessageStore#page}).
 * Every method runs inside the caller's transaction.
 */
@ApplicationScoped
public class MessageContents {

    /**
     * Stored only if the inbox exists in the account, and only once per inbox, dedupe key and body digest, with its arrival number
     * and thread ({@link ThreadKeeper}).
     */
    /**
     * A delivery waits its turn: deliveries to one inbox commit one after another, in arrival order, each holding the
     * inbox's row from its arrival number to its commit, and one of large mail takes seconds on a slow disk. Waiting
     * behind a few of them is no reason to fail, so a delivery's statements may take longer than the pool's usual
     * limit (until the transaction ends). A sender waits 10 minutes for its reply to DATA (RFC 5321 4.5.3.2.6).
     */
    private static final String DELIVERY_STATEMENT_TIMEOUT = "SET LOCAL statement_timeout = '2min'";
    private static final String INSERT_MESSAGE = """
            INSERT INTO messages (id, inbox_id, from_address, from_name, to_address, cc, reply_to, subject, preview,
                                  body, html, raw, sent_at, message_id_header, in_reply_to, message_references,
                                  dedupe_key, has_attachments, received_at, thread_id, inbox_seq, extracted_codes,
                                  extracted_links, body_digest, direction, auth_verdict, spf_result, spf_domain,
                                  dkim_results, dmarc_result, dmarc_policy, dmarc_domain, sender_verified)
            SELECT ?, i.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
            FROM inboxes i WHERE i.id = ? AND i.account_id = ?
            ON CONFLICT (inbox_id, dedupe_key, body_digest) DO NOTHING
            RETURNING thread_id""";
    private static final String INSERT_ATTACHMENT = """
            INSERT INTO attachments (id, message_id, position, filename, content_type, size, content_id, inline, content)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    /** The owner check every read and delete shares: the message is in that inbox, and the inbox in that account. */
    private static final String OWNED = "m.id = ? AND m.inbox_id = ? AND i.account_id = ?";
    private static final String FIND = """
            SELECT m.id, m.inbox_id, m.from_address, m.to_address, m.subject, m.preview, m.received_at, m.thread_id,
                   m.has_attachments, m.from_name, m.cc, m.reply_to, m.sent_at, m.message_id_header, m.in_reply_to,
                   m.message_references, m.body, m.html, m.extracted_codes, m.extracted_links, m.direction,
                   m.auth_verdict, m.spf_result, m.spf_domain, m.dkim_results, m.dmarc_result, m.dmarc_policy,
                   m.dmarc_domain
            FROM messages m JOIN inboxes i ON i.id = m.inbox_id WHERE\s""" + OWNED;
    private static final String ATTACHMENTS_OF = """
            SELECT id, filename, content_type, size, content_id, inline FROM attachments
            WHERE message_id = ? ORDER BY position""";
    private static final String RAW = "SELECT m.raw FROM messages m JOIN inboxes i ON i.id = m.inbox_id WHERE " + OWNED;
    private static final String ATTACHMENT = """
            SELECT a.id, a.filename, a.content_type, a.size, a.content_id, a.inline, a.content
            FROM attachments a JOIN messages m ON m.id = a.message_id JOIN inboxes i ON i.id = m.inbox_id
            WHERE a.id = ? AND\s""" + OWNED;
    /** Bytes from a 1-based position: the database sends only the slice, with the whole length. */
    private static final String RAW_SLICE = "SELECT substring(m.raw FROM ? FOR ?), octet_length(m.raw) FROM messages m "
            + "JOIN inboxes i ON i.id = m.inbox_id WHERE " + OWNED;
    private static final String ATTACHMENT_SLICE = """
            SELECT a.id, a.filename, a.content_type, a.size, a.content_id, a.inline, substring(a.content FROM ? FOR ?),
                   octet_length(a.content)
            FROM attachments a JOIN messages m ON m.id = a.message_id JOIN inboxes i ON i.id = m.inbox_id
            WHERE a.id = ? AND\s""" + OWNED;
    private static final String DELETE = "DELETE FROM messages m USING inboxes i WHERE i.id = m.inbox_id AND " + OWNED;

    private static final String FOREIGN_KEY_VIOLATION = "23503";

    @Inject
    Session session;

    /** Stores the messages in the caller's transaction; the outbox stores its messages through here too. */
    public List<StoreOutcome> insertAll(List<NewMessage> messages) {
        return session.doReturningWork(connection -> {
            try (Statement patience = connection.createStatement()) {
                patience.execute(DELIVERY_STATEMENT_TIMEOUT);
            }
            StoreOutcome[] outcomes = new StoreOutcome[messages.size()];
            // Each delivery holds its inbox's row until commit (ThreadKeeper.advance): always taken in the same
            // order, so two messages to the same inboxes never wait for each other in a circle.
            Integer[] order = new Integer[messages.size()];
            Arrays.setAll(order, i -> i);
            Arrays.sort(order, Comparator.comparing(i -> messages.get(i).inboxId()));
            try (PreparedStatement insert = connection.prepareStatement(INSERT_MESSAGE)) {
                for (int i : order) {
                    outcomes[i] = insert(connection, insert, messages.get(i));
                }
            }
            return List.of(outcomes);
        });
    }

    private static StoreOutcome insert(Connection connection, PreparedStatement insert, NewMessage message)
            throws SQLException {
        Optional<Long> seq = ThreadKeeper.advance(connection, message);
        if (seq.isEmpty()) {
            return new StoreOutcome(StoreOutcome.Status.NO_INBOX, null);
        }
        String thread = ThreadKeeper.threadFor(connection, message);
        MessageContent content = message.content();
        int p = 0;
        insert.setString(++p, message.id());
        insert.setString(++p, content.from());
        insert.setString(++p, content.fromName());
        insert.setString(++p, content.to());
        insert.setString(++p, content.cc());
        insert.setString(++p, content.replyTo());
        insert.setString(++p, content.subject());
        insert.setString(++p, content.preview());
        insert.setString(++p, content.text());
        insert.setString(++p, content.html());
        insert.setBytes(++p, content.raw());
        insert.setObject(++p, timestamp(content.sentAt()), Types.TIMESTAMP_WITH_TIMEZONE);
        insert.setString(++p, content.messageIdHeader());
        insert.setString(++p, content.inReplyTo());
        insert.setArray(++p, connection.createArrayOf("text", content.references().toArray()));
        insert.setString(++p, message.dedupeKey());
        insert.setBoolean(++p, !content.attachments().isEmpty());
        insert.setObject(++p, timestamp(message.receivedAt()), Types.TIMESTAMP_WITH_TIMEZONE);
        insert.setString(++p, thread);
        insert.setLong(++p, seq.get());
        insert.setArray(++p, connection.createArrayOf("text", codes(message.extracts())));
        insert.setArray(++p, connection.createArrayOf("text", links(message.extracts())));
        insert.setString(++p, message.bodyDigest());
        insert.setString(++p, message.direction().wire());
        Authentication auth = content.authentication();
        insert.setString(++p, auth == null ? null : auth.verdict());
        insert.setString(++p, auth == null ? null : auth.spf().result());
        insert.setString(++p, auth == null ? null : auth.spf().domain());
        insert.setArray(++p, auth == null ? null : connection.createArrayOf("text", flat(auth.dkim(),
                dkim -> Stream.of(dkim.result(), orEmpty(dkim.domain()), orEmpty(dkim.selector())))));
        insert.setString(++p, auth == null ? null : auth.dmarc().result());
        insert.setString(++p, auth == null ? null : auth.dmarc().policy());
        insert.setString(++p, auth == null ? null : auth.dmarc().domain());
        insert.setBoolean(++p, auth != null && auth.senderVerified());
        insert.setString(++p, message.inboxId());
        insert.setString(++p, message.accountId());
        String threadId = null;
        try (ResultSet inserted = insert.executeQuery()) {
            if (inserted.next()) {
                threadId = inserted.getString(1);
            }
        } catch (SQLException e) {
            if (FOREIGN_KEY_VIOLATION.equals(e.getSQLState())) {
                // The inbox was deleted while we inserted; the transaction is lost, so the whole call fails.
                throw Inbox.notFound(message.inboxId());
            }
            throw e;
        }
        if (threadId == null) {
            return new StoreOutcome(StoreOutcome.Status.DUPLICATE, null); // the inbox exists: advance found it
        }
        insertAttachments(connection, message);
        ThreadKeeper.recordStored(connection, message, seq.get(), threadId);
        return StoreOutcome.stored(new Message(message.id(), message.inboxId(), content.from(), content.to(),
                content.subject(), content.preview(), message.receivedAt(), threadId, !content.attachments().isEmpty(),
                message.direction(), auth != null && auth.senderVerified()));
    }

    private static void insertAttachments(Connection connection, NewMessage message) throws SQLException {
        List<NewAttachment> attachments = message.content().attachments();
        if (attachments.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement(INSERT_ATTACHMENT)) {
            for (int i = 0; i < attachments.size(); i++) {
                NewAttachment attachment = attachments.get(i);
                insert.setString(1, message.attachmentIds().get(i));
                insert.setString(2, message.id());
                insert.setInt(3, i);
                insert.setString(4, attachment.filename());
                insert.setString(5, attachment.contentType());
                insert.setLong(6, attachment.content().length);
                insert.setString(7, attachment.contentId());
                insert.setBoolean(8, attachment.inline());
                insert.setBytes(9, attachment.content());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    Optional<MessageDetail> find(String accountId, String inboxId, String messageId) {
        return session.doReturningWork(connection -> {
            MessageDetail detail;
            try (PreparedStatement query = owned(connection, FIND, 0, accountId, inboxId, messageId);
                 ResultSet found = query.executeQuery()) {
                if (!found.next()) {
                    return Optional.empty();
                }
                Authentication auth = authentication(found);
                Message row = new Message(found.getString(1), found.getString(2), found.getString(3),
                        found.getString(4), found.getString(5), found.getString(6), instant(found, 7),
                        found.getString(8), found.getBoolean(9), DirectionColumn.of(found.getString(21)),
                        auth != null && auth.senderVerified());
                detail = new MessageDetail(row, found.getString(10), found.getString(11), found.getString(12),
                        instant(found, 13), found.getString(14), found.getString(15), strings(found.getArray(16)),
                        found.getString(17), found.getString(18), row.hasAttachments()
                                ? attachmentsOf(connection, row.id()) : List.of(),
                        extracts(found.getArray(19), found.getArray(20), row.subject(), found.getString(17)), auth);
            }
            return Optional.of(detail);
        });
    }

    private static List<Attachment> attachmentsOf(Connection connection, String messageId) throws SQLException {
        List<Attachment> attachments = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(ATTACHMENTS_OF)) {
            query.setString(1, messageId);
            try (ResultSet found = query.executeQuery()) {
                while (found.next()) {
                    attachments.add(attachment(found));
                }
            }
        }
        return attachments;
    }

    Optional<byte[]> raw(String accountId, String inboxId, String messageId) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement query = owned(connection, RAW, 0, accountId, inboxId, messageId)) {
                return SqlRows.first(query, found -> found.getBytes(1));
            }
        });
    }

    Optional<AttachmentContent> attachment(String accountId, String inboxId, String messageId, String attachmentId) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement query = connection.prepareStatement(ATTACHMENT)) {
                query.setString(1, attachmentId);
                bindOwner(query, 1, accountId, inboxId, messageId);
                return SqlRows.first(query, found -> new AttachmentContent(attachment(found), found.getBytes(7)));
            }
        });
    }

    Optional<ByteSlice> rawSlice(String accountId, String inboxId, String messageId, int start, int maxBytes) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement query = owned(connection, RAW_SLICE, 2, accountId, inboxId, messageId)) {
                query.setInt(1, start + 1);
                query.setInt(2, maxBytes);
                return SqlRows.first(query, found -> new ByteSlice(found.getBytes(1), start, found.getInt(2)));
            }
        });
    }

    Optional<AttachmentSlice> attachmentSlice(String accountId, String inboxId, String messageId, String attachmentId,
            int start, int maxBytes) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement query = connection.prepareStatement(ATTACHMENT_SLICE)) {
                query.setInt(1, start + 1);
                query.setInt(2, maxBytes);
                query.setString(3, attachmentId);
                bindOwner(query, 3, accountId, inboxId, messageId);
                return SqlRows.first(query, found -> new AttachmentSlice(attachment(found),
                        new ByteSlice(found.getBytes(7), start, found.getInt(8))));
            }
        });
    }

    boolean delete(String accountId, String inboxId, String messageId) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement delete = owned(connection, DELETE, 0, accountId, inboxId, messageId)) {
                return delete.executeUpdate() > 0;
            }
        });
    }

    private static PreparedStatement owned(Connection connection, String sql, int offset, String accountId,
            String inboxId, String messageId) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        bindOwner(statement, offset, accountId, inboxId, messageId);
        return statement;
    }

    private static void bindOwner(PreparedStatement statement, int offset, String accountId, String inboxId,
            String messageId) throws SQLException {
        statement.setString(offset + 1, messageId);
        statement.setString(offset + 2, inboxId);
        statement.setString(offset + 3, accountId);
    }

    private static Attachment attachment(ResultSet found) throws SQLException {
        return new Attachment(found.getString(1), found.getString(2), found.getString(3), found.getLong(4),
                found.getString(5), found.getBoolean(6));
    }

    private static OffsetDateTime timestamp(Instant at) {
        return at == null ? null : at.atOffset(ZoneOffset.UTC);
    }

    private static Instant instant(ResultSet result, int column) throws SQLException {
        OffsetDateTime at = result.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }

    /** Codes as (code, source, context) triples, in their order. */
    private static String[] codes(MessageExtracts extracts) {
        return flat(extracts.codes(), code -> Stream.of(code.code(), code.source(), code.context()));
    }

    /** Links as (text, url) pairs, in their order. */
    private static String[] links(MessageExtracts extracts) {
        return flat(extracts.links(), link -> Stream.of(link.text(), link.url()));
    }

    /** One text array of each item's fields in turn: how a tuple list is stored in a {@code text[]} column. */
    private static <T> String[] flat(List<T> items, Function<T, Stream<String>> fields) {
        return items.stream().flatMap(fields).toArray(String[]::new);
    }

    /** The stored extracts; a message stored before they were kept (both NULL) is searched now. */
    private static MessageExtracts extracts(Array codes, Array links, String subject, String text)
            throws SQLException {
        if (codes == null || links == null) {
            return MessageExtracts.of(subject, text);
        }
        List<String> flatCodes = strings(codes);
        List<String> flatLinks = strings(links);
        List<OneTimeCode> found = new ArrayList<>();
        for (int i = 0; i + 2 < flatCodes.size(); i += 3) {
            found.add(new OneTimeCode(flatCodes.get(i), flatCodes.get(i + 1), flatCodes.get(i + 2)));
        }
        List<MessageLink> linked = new ArrayList<>();
        for (int i = 0; i + 1 < flatLinks.size(); i += 2) {
            linked.add(new MessageLink(flatLinks.get(i), flatLinks.get(i + 1)));
        }
        return new MessageExtracts(found, linked);
    }

    /** The stored results of the checks at receipt (columns 22 to 28 of {@link #FIND}), or {@code null}. */
    private static Authentication authentication(ResultSet found) throws SQLException {
        String verdict = found.getString(22);
        if (verdict == null) {
            return null;
        }
        List<String> flatDkim = strings(found.getArray(25));
        List<Authentication.Dkim> dkim = new ArrayList<>();
        for (int i = 0; i + 2 < flatDkim.size(); i += 3) {
            dkim.add(new Authentication.Dkim(flatDkim.get(i), orNull(flatDkim.get(i + 1)), orNull(flatDkim.get(i + 2))));
        }
        return new Authentication(new Authentication.Spf(found.getString(23), found.getString(24)), dkim,
                new Authentication.Dmarc(found.getString(26), found.getString(27), found.getString(28)), verdict);
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    private static String orNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }
}
