package dev.inboxes.persistence.thread;

import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.thread.ThreadRules;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a delivery does besides storing its message, in the delivering transaction, on its connection: it takes the
 * inbox's next arrival number (locking the inbox's row until commit, so deliveries to one inbox commit in number
 * order), finds the message's thread by {@link ThreadRules}, records the ids it names and its thread's new state,
 * and announces the arrival to every replica when the transaction commits.
 */
public final class ThreadKeeper {

    /** The notification channel of arrivals; the payload is {@code <inbox id> <sequence number>}. */
    public static final String ARRIVALS_CHANNEL = "inboxes_arrivals";

    private static final String ADVANCE = """
            UPDATE inboxes SET activity_seq = activity_seq + 1 WHERE id = ? AND account_id = ?
            RETURNING activity_seq""";
    /** The three rules of {@link ThreadRules}, in order: the first that finds a thread wins. */
    private static final String RESOLVE = """
            (SELECT m.thread_id, 1 AS rule FROM messages m
             WHERE m.inbox_id = ? AND m.dedupe_key = ANY (?) ORDER BY m.inbox_seq DESC LIMIT 1)
            UNION ALL
            (SELECT l.thread_id, 2 FROM message_links l JOIN messages m ON m.id = l.message_id
             WHERE l.inbox_id = ? AND l.link = ANY (?) ORDER BY m.inbox_seq DESC LIMIT 1)
            UNION ALL
            (SELECT t.id, 3 FROM threads t
             WHERE t.inbox_id = ? AND t.subject_key = ? AND t.last_message_at >= ? AND ? = ANY (t.participants)
             ORDER BY t.activity_seq DESC LIMIT 1)
            ORDER BY rule LIMIT 1""";
    private static final String RECORD = """
            WITH links AS (
                INSERT INTO message_links (message_id, inbox_id, link, thread_id)
                SELECT ?, ?, link, ? FROM unnest(?::text[]) AS link
                ON CONFLICT DO NOTHING
            ), thread AS (
                INSERT INTO threads AS t (id, inbox_id, subject, subject_key, participants, message_count,
                                          last_message_at, snippet, activity_seq)
                VALUES (?, ?, ?, ?, ?::text[], 1, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    message_count = t.message_count + 1,
                    last_message_at = GREATEST(t.last_message_at, EXCLUDED.last_message_at),
                    snippet = EXCLUDED.snippet,
                    activity_seq = EXCLUDED.activity_seq,
                    participants = CASE
                        WHEN cardinality(EXCLUDED.participants) = 0 OR cardinality(t.participants) >= ?
                             OR EXCLUDED.participants[1] = ANY (t.participants) THEN t.participants
                        ELSE t.participants || EXCLUDED.participants END
                RETURNING 1
            )
            SELECT pg_notify(?, ?) FROM thread""";

    private ThreadKeeper() {
    }

    /**
     * Takes the inbox's next arrival number and holds the inbox's row until the transaction ends.
     *
     * @return the number, or empty when the inbox does not exist in the message's account
     */
    public static Optional<Long> advance(Connection connection, NewMessage message) throws SQLException {
        try (PreparedStatement advance = connection.prepareStatement(ADVANCE)) {
            advance.setString(1, message.inboxId());
            advance.setString(2, message.accountId());
            try (ResultSet next = advance.executeQuery()) {
                return next.next() ? Optional.of(next.getLong(1)) : Optional.empty();
            }
        }
    }

    /** The thread the message joins, or its {@link NewMessage#newThreadId() new thread}. Call after {@link #advance}. */
    public static String threadFor(Connection connection, NewMessage message) throws SQLException {
        MessageContent content = message.content();
        List<String> links = content.threadLinks();
        List<String> named = new ArrayList<>(links);
        if (content.messageIdHeader() != null) {
            named.add(MessageContent.idKey(content.messageIdHeader()));
        }
        Optional<String> subjectKey = ThreadRules.subjectFallback(content);
        try (PreparedStatement resolve = connection.prepareStatement(RESOLVE)) {
            int p = 0;
            resolve.setString(++p, message.inboxId());
            resolve.setArray(++p, connection.createArrayOf("text", links.toArray()));
            resolve.setString(++p, message.inboxId());
            resolve.setArray(++p, connection.createArrayOf("text", named.toArray()));
            resolve.setString(++p, message.inboxId());
            resolve.setString(++p, subjectKey.orElse(null));
            resolve.setObject(++p, message.receivedAt().minus(ThreadRules.SUBJECT_WINDOW).atOffset(ZoneOffset.UTC),
                    Types.TIMESTAMP_WITH_TIMEZONE);
            resolve.setString(++p, content.from());
            try (ResultSet found = resolve.executeQuery()) {
                return found.next() ? found.getString(1) : message.newThreadId();
            }
        }
    }

    /** After the message is stored: the ids it names, its thread's new state, and the announcement of its arrival. */
    public static void recordStored(Connection connection, NewMessage message, long seq, String threadId)
            throws SQLException {
        MessageContent content = message.content();
        Instant receivedAt = message.receivedAt();
        try (PreparedStatement record = connection.prepareStatement(RECORD)) {
            int p = 0;
            record.setString(++p, message.id());
            record.setString(++p, message.inboxId());
            record.setString(++p, threadId);
            record.setArray(++p, connection.createArrayOf("text", content.threadLinks().toArray()));
            record.setString(++p, threadId);
            record.setString(++p, message.inboxId());
            record.setString(++p, ThreadRules.displaySubject(content.subject()));
            record.setString(++p, ThreadRules.subjectKey(content.subject()));
            record.setArray(++p, connection.createArrayOf("text",
                    content.from().isEmpty() ? new String[0] : new String[] {content.from()}));
            record.setObject(++p, receivedAt.atOffset(ZoneOffset.UTC), Types.TIMESTAMP_WITH_TIMEZONE);
            record.setString(++p, content.preview());
            record.setLong(++p, seq);
            record.setInt(++p, ThreadRules.MAX_PARTICIPANTS);
            record.setString(++p, ARRIVALS_CHANNEL);
            record.setString(++p, message.inboxId() + " " + seq);
            record.executeQuery().close();
        }
    }
}
