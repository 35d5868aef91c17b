-- The one-time codes and links found in a message (MessageExtracts), found once when the message is stored and read
-- back with it, so reading a message never searches its text again. Flat arrays keep them plain SQL values:
-- extracted_codes holds (code, source, context) triples, extracted_links (text, url) pairs, in their order.
-- NULL for messages stored before this migration: those are searched when read, as they were before.
ALTER TABLE messages
    ADD COLUMN extracted_codes text[],
    ADD COLUMN extracted_links text[];
