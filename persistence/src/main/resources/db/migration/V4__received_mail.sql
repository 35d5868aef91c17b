-- Real mail: every message keeps its raw bytes as received, the fields parsed from them, its thread and its
-- attachments. Lists read only the list columns (id … received_at, thread_id, has_attachments); the wide columns
-- (body, html, raw) are TOASTed out of line, so a page never reads them.

ALTER TABLE messages
    ADD COLUMN from_name          text,
    ADD COLUMN cc                 text,
    ADD COLUMN reply_to           text,
    ADD COLUMN sent_at            timestamptz,
    ADD COLUMN message_id_header  text,
    ADD COLUMN in_reply_to        text,
    ADD COLUMN message_references text[]  NOT NULL DEFAULT '{}',
    ADD COLUMN html               text,
    ADD COLUMN raw                bytea,
    -- What makes a redelivery the same message: the Message-ID, else a digest of the raw bytes.
    ADD COLUMN dedupe_key         text COLLATE "C",
    ADD COLUMN thread_id          text COLLATE "C",
    ADD COLUMN has_attachments    boolean NOT NULL DEFAULT false;

-- Messages recorded before this migration get what a message recorded now gets: a Message-ID, a thread of
-- their own and the RFC 5322 text composed from their fields (UTF-8, base64, RFC 2047 subject).
UPDATE messages SET
    message_id_header = '<' || id || '@' || split_part(to_address, '@', 2) || '>',
    thread_id = 'thr_' || substr(md5(id), 1, 20),
    sent_at = received_at;
UPDATE messages SET
    dedupe_key = message_id_header,
    raw = convert_to(
        'Date: ' || to_char(received_at AT TIME ZONE 'UTC', 'Dy, FMDD Mon YYYY HH24:MI:SS') || ' +0000' || E'\r\n'
        || 'From: ' || from_address || E'\r\n'
        || 'To: ' || to_address || E'\r\n'
        || 'Subject: ' || CASE WHEN subject ~ '^[ -~]*$' THEN subject
                               ELSE '=?UTF-8?B?' || replace(encode(convert_to(subject, 'UTF8'), 'base64'), E'\n', '') || '?=' END || E'\r\n'
        || 'Message-ID: ' || message_id_header || E'\r\n'
        || 'MIME-Version: 1.0' || E'\r\n'
        || 'Content-Type: text/plain; charset=UTF-8' || E'\r\n'
        || 'Content-Transfer-Encoding: base64' || E'\r\n'
        || E'\r\n'
        || replace(encode(convert_to(body, 'UTF8'), 'base64'), E'\n', E'\r\n') || E'\r\n',
        'UTF8');

ALTER TABLE messages
    ALTER COLUMN raw SET NOT NULL,
    ALTER COLUMN dedupe_key SET NOT NULL,
    ALTER COLUMN thread_id SET NOT NULL;

-- One message per inbox and dedupe key: a retried delivery (same Message-ID, same inbox) is stored once.
-- Also finds the earlier message a reply names in In-Reply-To or References, for its thread.
CREATE UNIQUE INDEX messages_inbox_dedupe_key_idx ON messages (inbox_id, dedupe_key);

-- Attachment bytes live in the database, beside their message: every replica serves every attachment, one
-- backup holds everything, and a message and its attachments commit (and cascade on delete) together.
CREATE TABLE attachments (
    id           text COLLATE "C" PRIMARY KEY,
    message_id   text COLLATE "C" NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    position     integer NOT NULL,
    filename     text,
    content_type text    NOT NULL,
    size         bigint  NOT NULL,
    content_id   text,
    inline       boolean NOT NULL,
    content      bytea   NOT NULL
);

CREATE INDEX attachments_message_position_idx ON attachments (message_id, position);
