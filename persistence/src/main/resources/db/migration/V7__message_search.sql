-- Search of an inbox's messages (q): every word a case-insensitive substring of the sender (address or name), the
-- subject or the text. Words never contain a line break, so one searchable text per message, its fields joined by
-- line breaks, matches exactly when each word is in one of the fields.
--
-- Case folding: on PostgreSQL 17+ (the embedded server), lower() under the builtin pg_c_utf8 collation folds all of
-- Unicode whatever the database's locale (the embedded database's locale is C, whose lower() folds ASCII only);
-- older servers fold as their database's locale does.
--
-- Cost on insert: a trigram index costs about 0.2 ms per KB of text on each insert, so only the first 20,000
-- characters of the text are indexed (at most ~5 ms per message; nearly all mail is shorter). Messages whose text
-- is longer are found through a small partial index and checked against their whole text, so a word beyond the
-- indexed part is found too.
--
-- The functions are called by name in queries and indexes alike, so a query's condition matches the index
-- expression. Their SET clause keeps them from being inlined: inlined, the planner would cost lower() over a whole
-- text as one operator and read every message of an inbox rather than the indexes (MessageSearchPlanTest). They call
-- only pg_catalog (search_path = pg_catalog, as index maintenance runs them anyway).

-- pg_trgm comes from V3. btree_gin lets the trigram index hold the inbox too: a search reads only the inbox's entries.
CREATE EXTENSION IF NOT EXISTS btree_gin;

DO $migration$
DECLARE
    folding text := CASE
        WHEN current_setting('server_encoding') = 'UTF8'
             AND EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'pg_c_utf8') THEN ' COLLATE pg_c_utf8'
        ELSE '' END;
    searchable text := $sql$lower((from_address || E'\n' || coalesce(from_name, '') || E'\n' || subject || E'\n' || %s)%s)$sql$;
BEGIN
    -- The whole searchable text, lower-cased.
    EXECUTE format($sql$
        CREATE FUNCTION message_search_text(from_address text, from_name text, subject text, body text)
        RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog AS %L$sql$,
        'SELECT ' || format(searchable, 'body', folding));
    -- The part the trigram index holds: the fields and the text's first 20,000 characters.
    EXECUTE format($sql$
        CREATE FUNCTION message_search_head(from_address text, from_name text, subject text, body text)
        RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog AS %L$sql$,
        'SELECT ' || format(searchable, 'left(body, 20000)', folding));
END
$migration$;

-- Whether the text is longer than the indexed part.
CREATE FUNCTION message_search_overflows(body text)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog
AS 'SELECT length(body) > 20000';

CREATE INDEX messages_search_head_idx ON messages
    USING gin (inbox_id, message_search_head(from_address, from_name, subject, body) gin_trgm_ops);
CREATE INDEX messages_search_overflow_idx ON messages (inbox_id) WHERE message_search_overflows(body);
