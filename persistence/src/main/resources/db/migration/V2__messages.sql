CREATE TABLE messages (
    id           text COLLATE "C" PRIMARY KEY,
    inbox_id     text COLLATE "C" NOT NULL REFERENCES inboxes (id) ON DELETE CASCADE,
    from_address text        NOT NULL,
    to_address   text        NOT NULL,
    subject      text        NOT NULL,
    preview      text        NOT NULL,
    body         text        NOT NULL,
    received_at  timestamptz NOT NULL
);

-- Serves the keyset page: WHERE inbox_id = ? AND (received_at, id) < (?, ?) ORDER BY received_at DESC, id DESC.
-- Also serves the cascade from inboxes, whose deletes look messages up by inbox_id.
CREATE INDEX messages_inbox_received_id_idx ON messages (inbox_id, received_at DESC, id DESC);
