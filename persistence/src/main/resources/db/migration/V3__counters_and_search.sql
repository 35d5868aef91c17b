-- Exact totals without COUNT(*): per-account and per-inbox counters, kept by statement-level triggers in the
-- same transaction as every insert and delete (including bulk SQL and cascades), so they never drift.

ALTER TABLE accounts ADD COLUMN inbox_count bigint NOT NULL DEFAULT 0;
ALTER TABLE inboxes ADD COLUMN message_count bigint NOT NULL DEFAULT 0;

UPDATE accounts a SET inbox_count = (SELECT count(*) FROM inboxes i WHERE i.account_id = a.id);
UPDATE inboxes i SET message_count = (SELECT count(*) FROM messages m WHERE m.inbox_id = i.id);

CREATE FUNCTION inboxes_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE accounts a SET inbox_count = a.inbox_count + n.rows
    FROM (SELECT account_id, count(*) AS rows FROM inserted GROUP BY account_id) n
    WHERE a.id = n.account_id;
    RETURN NULL;
END $$;

CREATE FUNCTION inboxes_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE accounts a SET inbox_count = a.inbox_count - n.rows
    FROM (SELECT account_id, count(*) AS rows FROM deleted GROUP BY account_id) n
    WHERE a.id = n.account_id;
    RETURN NULL;
END $$;

CREATE TRIGGER inboxes_counted_on_insert AFTER INSERT ON inboxes
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION inboxes_count_inserted();
CREATE TRIGGER inboxes_counted_on_delete AFTER DELETE ON inboxes
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION inboxes_count_deleted();

CREATE FUNCTION messages_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE inboxes i SET message_count = i.message_count + n.rows
    FROM (SELECT inbox_id, count(*) AS rows FROM inserted GROUP BY inbox_id) n
    WHERE i.id = n.inbox_id;
    RETURN NULL;
END $$;

CREATE FUNCTION messages_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE inboxes i SET message_count = i.message_count - n.rows
    FROM (SELECT inbox_id, count(*) AS rows FROM deleted GROUP BY inbox_id) n
    WHERE i.id = n.inbox_id;
    RETURN NULL;
END $$;

CREATE TRIGGER messages_counted_on_insert AFTER INSERT ON messages
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION messages_count_inserted();
CREATE TRIGGER messages_counted_on_delete AFTER DELETE ON messages
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION messages_count_deleted();

-- Substring search (q) from trigram indexes instead of a scan of the account's inboxes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX inboxes_address_trgm_idx ON inboxes USING gin (address gin_trgm_ops);
CREATE INDEX inboxes_display_name_trgm_idx ON inboxes USING gin (lower(display_name) gin_trgm_ops);
