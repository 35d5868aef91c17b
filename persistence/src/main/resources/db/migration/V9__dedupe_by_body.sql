-- A message is a redelivery of a stored one only if its body is the same too: a message sent first with another
-- message's Message-ID no longer makes the real one a duplicate (it was silently dropped). body_digest is the
-- SHA-256 of the body as sent (MessageService.bodyDigest); NULL for messages stored before this migration, which
-- therefore never count as the earlier copy of a retry.
ALTER TABLE messages ADD COLUMN body_digest text;
CREATE UNIQUE INDEX messages_inbox_dedupe_body_idx ON messages (inbox_id, dedupe_key, body_digest);
-- The new index serves the same look-ups by (inbox_id, dedupe_key): thread rule 1, for one.
DROP INDEX messages_inbox_dedupe_key_idx;
