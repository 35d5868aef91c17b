-- The order deliveries to an inbox committed in, and threads as rows of their own.
--
-- Every delivery to an inbox first takes the inbox's next sequence number (UPDATE inboxes SET activity_seq =
-- activity_seq + 1 ... RETURNING), which locks the inbox's row until the delivery commits: deliveries to one inbox are
-- serialized, so within an inbox the sequence is the commit order on every replica, whatever their clocks. Waits
-- continue by it, and the threads list sorts by it (a thread's activity_seq is the number of its latest delivery).

ALTER TABLE inboxes
    ADD COLUMN activity_seq bigint NOT NULL DEFAULT 0,
    ADD COLUMN thread_count bigint NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN inbox_seq bigint;

-- Messages received before this migration are numbered in the order they were received.
UPDATE messages m SET inbox_seq = n.seq
FROM (SELECT id, row_number() OVER (PARTITION BY inbox_id ORDER BY received_at, id) AS seq FROM messages) n
WHERE m.id = n.id;
ALTER TABLE messages ALTER COLUMN inbox_seq SET NOT NULL;
UPDATE inboxes i SET activity_seq = n.last
FROM (SELECT inbox_id, max(inbox_seq) AS last FROM messages GROUP BY inbox_id) n
WHERE i.id = n.inbox_id;

-- Serves waits: the inbox's messages after a sequence number, in order. Unique: one number per delivery.
CREATE UNIQUE INDEX messages_inbox_seq_idx ON messages (inbox_id, inbox_seq);
-- Serves a thread's messages, oldest first: WHERE thread_id = ? AND (received_at, id) > (?, ?) ORDER BY received_at, id.
CREATE INDEX messages_thread_received_id_idx ON messages (thread_id, received_at, id);

-- One row per thread, kept in the transaction of every delivery (by the store) and every delete (by the trigger below).
CREATE TABLE threads (
    id              text COLLATE "C" PRIMARY KEY,
    inbox_id        text COLLATE "C" NOT NULL REFERENCES inboxes (id) ON DELETE CASCADE,
    -- The subject of the message that started it, reply and forward prefixes removed (ThreadRules.displaySubject).
    subject         text        NOT NULL,
    -- What a reply without references is matched by (ThreadRules.subjectKey).
    subject_key     text        NOT NULL,
    -- The senders, in the order they first wrote, at most 10 (ThreadRules.MAX_PARTICIPANTS).
    participants    text[]      NOT NULL,
    message_count   bigint      NOT NULL,
    -- When the thread last received a message: deleting messages does not move a thread.
    last_message_at timestamptz NOT NULL,
    -- The preview of its latest remaining message.
    snippet         text        NOT NULL,
    -- The inbox's sequence number of its latest delivery: the list's sort key, never lowered.
    activity_seq    bigint      NOT NULL
);

-- Serves the threads list: WHERE inbox_id = ? AND (activity_seq, id) < (?, ?) ORDER BY activity_seq DESC, id DESC (and
-- its second phase, activity_seq > ? in ascending order); also the cascade from inboxes.
CREATE INDEX threads_inbox_activity_id_idx ON threads (inbox_id, activity_seq DESC, id DESC);
-- Serves the subject fallback: the most recently active thread of the inbox with this subject.
CREATE INDEX threads_inbox_subject_idx ON threads (inbox_id, subject_key, activity_seq DESC);

-- The message ids each message names (In-Reply-To, References): how a message that arrives after its replies, or a
-- second reply to a message this inbox never received, finds the thread they are in.
CREATE TABLE message_links (
    message_id text COLLATE "C" NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    inbox_id   text COLLATE "C" NOT NULL,
    link       text NOT NULL,
    thread_id  text COLLATE "C" NOT NULL,
    PRIMARY KEY (message_id, link)
);
CREATE INDEX message_links_inbox_link_idx ON message_links (inbox_id, link);

-- Threads of the messages received before this migration (their thread ids came from In-Reply-To/References).
-- The subjects are cleaned with the same prefixes as ThreadRules (case folded by the database, not the JVM: only a
-- later reply without references to such a thread, in a language whose case rules differ, could miss it).
INSERT INTO threads (id, inbox_id, subject, subject_key, participants, message_count, last_message_at, snippet,
                     activity_seq)
SELECT first.thread_id, first.inbox_id, cleaned.subject, lower(regexp_replace(cleaned.subject, '\s+', ' ', 'g')),
       COALESCE((SELECT array_agg(senders.from_address ORDER BY senders.first_seq)
                 FROM (SELECT s.from_address, min(s.inbox_seq) AS first_seq FROM messages s
                       WHERE s.thread_id = first.thread_id AND s.from_address <> ''
                       GROUP BY s.from_address ORDER BY first_seq LIMIT 10) senders), '{}'),
       counted.messages, latest.received_at, latest.preview, latest.inbox_seq
FROM (SELECT DISTINCT ON (thread_id) thread_id, inbox_id, subject FROM messages ORDER BY thread_id, inbox_seq) first
JOIN (SELECT DISTINCT ON (thread_id) thread_id, received_at, preview, inbox_seq FROM messages
      ORDER BY thread_id, inbox_seq DESC) latest ON latest.thread_id = first.thread_id
JOIN (SELECT thread_id, count(*) AS messages FROM messages GROUP BY thread_id) counted
    ON counted.thread_id = first.thread_id
CROSS JOIN LATERAL (SELECT btrim(regexp_replace(first.subject,
        '^(\s*(re|fwd?|aw|wg|sv|vs|antw|antwort|tr|rif|res|enc|odp|ynt|atb|回复|回覆|答复|答覆|转发|轉寄|转寄)\s*(\[\d{1,3}\]|\(\d{1,3}\))?\s*[:：]\s*)+',
        '', 'i')) AS subject) cleaned;

INSERT INTO message_links (message_id, inbox_id, link, thread_id)
SELECT DISTINCT m.id, m.inbox_id, link, m.thread_id
FROM messages m CROSS JOIN LATERAL unnest(array_prepend(m.in_reply_to, m.message_references)) AS link
WHERE link IS NOT NULL;

-- The inbox's thread count, for the list's exact total without counting: kept like the other counters (V3).
UPDATE inboxes i SET thread_count = n.threads
FROM (SELECT inbox_id, count(*) AS threads FROM threads GROUP BY inbox_id) n
WHERE i.id = n.inbox_id;

CREATE FUNCTION threads_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE inboxes i SET thread_count = i.thread_count + n.rows
    FROM (SELECT inbox_id, count(*) AS rows FROM inserted GROUP BY inbox_id) n
    WHERE i.id = n.inbox_id;
    RETURN NULL;
END $$;

CREATE FUNCTION threads_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE inboxes i SET thread_count = i.thread_count - n.rows
    FROM (SELECT inbox_id, count(*) AS rows FROM deleted GROUP BY inbox_id) n
    WHERE i.id = n.inbox_id;
    RETURN NULL;
END $$;

CREATE TRIGGER threads_counted_on_insert AFTER INSERT ON threads
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION threads_count_inserted();
CREATE TRIGGER threads_counted_on_delete AFTER DELETE ON threads
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION threads_count_deleted();

-- Deleted messages leave their threads (whatever deletes them: the API, a cascade, bulk SQL): a thread without
-- messages goes, the others count again and show their latest remaining message and their remaining senders. Their
-- activity_seq and last_message_at stay, so a deletion never moves a thread in the list.
CREATE FUNCTION threads_follow_deleted_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM threads t
    USING (SELECT DISTINCT thread_id FROM deleted) d
    WHERE t.id = d.thread_id AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = t.id);
    UPDATE threads t SET
        message_count = (SELECT count(*) FROM messages m WHERE m.thread_id = t.id),
        snippet = (SELECT m.preview FROM messages m WHERE m.thread_id = t.id ORDER BY m.inbox_seq DESC LIMIT 1),
        participants = COALESCE((SELECT array_agg(senders.from_address ORDER BY senders.first_seq)
                                 FROM (SELECT s.from_address, min(s.inbox_seq) AS first_seq FROM messages s
                                       WHERE s.thread_id = t.id AND s.from_address <> ''
                                       GROUP BY s.from_address ORDER BY first_seq LIMIT 10) senders), '{}')
    FROM (SELECT DISTINCT thread_id FROM deleted) d
    WHERE t.id = d.thread_id;
    RETURN NULL;
END $$;

CREATE TRIGGER threads_follow_deleted_messages AFTER DELETE ON messages
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION threads_follow_deleted_messages();
