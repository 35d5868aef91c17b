-- Events and webhooks. An event is written by a trigger on the row that caused it, so it commits with its change or
-- not at all, whichever code path (or statement) made the change; the same trigger enqueues one webhook delivery per
-- subscribed endpoint, so a delivery is enqueued exactly once with its event. Every replica hears of new events on
-- the channel inboxes_events (payload: the account id), when the transaction commits.

-- A random id as the service's others are: the prefix, then 20 base62 characters from the server's strong random
-- source (gen_random_uuid). Bytes 6 and 8 of a version 4 UUID are partly fixed, so they are skipped.
CREATE FUNCTION inboxes_random_id(prefix text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    alphabet CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    bytes bytea := uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid());
    id text := prefix;
    i integer := 0;
BEGIN
    WHILE length(id) < length(prefix) + 20 LOOP
        IF i NOT IN (6, 8, 22, 24) THEN
            id := id || substr(alphabet, get_byte(bytes, i) % 62 + 1, 1);
        END IF;
        i := i + 1;
    END LOOP;
    RETURN id;
END $$;

-- A time as the API writes it (Instant.toString: RFC 3339 UTC, the fraction in groups of three digits).
CREATE FUNCTION inboxes_event_time(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN at IS NULL THEN NULL ELSE
        to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || CASE
            WHEN to_char(at AT TIME ZONE 'UTC', 'US') = '000000' THEN ''
            WHEN right(to_char(at AT TIME ZONE 'UTC', 'US'), 3) = '000' THEN '.' || to_char(at AT TIME ZONE 'UTC', 'MS')
            ELSE '.' || to_char(at AT TIME ZONE 'UTC', 'US') END || 'Z' END
$$;

-- The inbox as REST shows it (InboxResponse).
CREATE FUNCTION inboxes_event_inbox(i inboxes) RETURNS jsonb LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object('id', i.id, 'address', i.address, 'display_name', i.display_name,
                              'created_at', inboxes_event_time(i.created_at))
$$;

-- The message row as REST lists show it (MessageResponse), with its authentication results (the detail's
-- Authentication, null when it was not checked); never a body or an attachment. Long headers are cut so an event
-- stays well under the 20 KB a webhook body may have.
CREATE FUNCTION inboxes_event_message(m messages) RETURNS jsonb LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object('id', m.id, 'inbox_id', m.inbox_id, 'direction', m.direction,
                              'from', left(m.from_address, 1000), 'to', left(m.to_address, 4000),
                              'subject', left(m.subject, 1000), 'preview', m.preview,
                              'received_at', inboxes_event_time(m.received_at), 'thread_id', m.thread_id,
                              'has_attachments', m.has_attachments, 'sender_verified', m.sender_verified,
                              'authentication', CASE WHEN m.auth_verdict IS NULL THEN NULL ELSE jsonb_build_object(
                                  'spf', jsonb_build_object('result', m.spf_result, 'domain', m.spf_domain),
                                  'dkim', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                                                  'result', m.dkim_results[3 * k + 1],
                                                  'domain', nullif(m.dkim_results[3 * k + 2], ''),
                                                  'selector', nullif(m.dkim_results[3 * k + 3], '')) ORDER BY k),
                                              '[]'::jsonb)
                                           FROM generate_series(0, coalesce(cardinality(m.dkim_results), 0) / 3 - 1) k),
                                  'dmarc', jsonb_build_object('result', m.dmarc_result, 'policy', m.dmarc_policy,
                                                              'domain', m.dmarc_domain),
                                  'verdict', m.auth_verdict) END)
$$;

CREATE TABLE events (
    id         text COLLATE "C" PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL,
    type       text             NOT NULL CONSTRAINT events_type_check CHECK (type IN ('message.received',
        'message.sent', 'message.deferred', 'message.bounced', 'message.failed', 'inbox.created', 'inbox.deleted')),
    -- Not a foreign key: an inbox's events outlive it (inbox.deleted above all).
    inbox_id   text COLLATE "C",
    data       jsonb            NOT NULL,
    created_at timestamptz      NOT NULL,
    -- The writing transaction's id: the stream reads events in this order, and only those of transactions that have
    -- all ended (below the snapshot's xmin), so an event committed late is never skipped (see PostgresEventStore).
    txid       bigint           NOT NULL
);
-- The list, unfiltered and by type or inbox: (owner, time DESC, id DESC), the keyset's Index Cond.
CREATE INDEX events_account_created_id_idx ON events (account_id, created_at DESC, id DESC);
CREATE INDEX events_account_type_created_id_idx ON events (account_id, type, created_at DESC, id DESC);
CREATE INDEX events_account_inbox_created_id_idx ON events (account_id, inbox_id, created_at DESC, id DESC);
-- The stream: WHERE account_id = ? AND (txid, id) > (?, ?) AND txid < xmin ORDER BY txid, id.
CREATE INDEX events_account_txid_id_idx ON events (account_id, txid, id);
-- The retention cleanup, oldest first.
CREATE INDEX events_created_idx ON events (created_at);

CREATE TABLE webhooks (
    id                    text COLLATE "C" PRIMARY KEY,
    account_id            text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url                   text             NOT NULL,
    event_types           text[]           NOT NULL,
    -- Empty: every inbox of the account.
    inbox_ids             text[]           NOT NULL,
    status                text             NOT NULL CONSTRAINT webhooks_status_check
        CHECK (status IN ('enabled', 'disabled')),
    -- Stored as issued: a signature needs the secret itself (a hash cannot sign). See docs/configuration.md.
    secret                text             NOT NULL,
    previous_secret       text,
    previous_secret_until timestamptz,
    -- Since when every delivery attempt has failed; NULL after a success.
    failing_since         timestamptz,
    disabled_reason       text,
    created_at            timestamptz      NOT NULL
);
CREATE INDEX webhooks_account_created_id_idx ON webhooks (account_id, created_at DESC, id DESC);

-- One row per event and endpoint: the durable outbox of webhook deliveries.
CREATE TABLE webhook_deliveries (
    id              text COLLATE "C" PRIMARY KEY,
    account_id      text COLLATE "C" NOT NULL,
    webhook_id      text COLLATE "C" NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id        text COLLATE "C" NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    status          text             NOT NULL CONSTRAINT webhook_deliveries_status_check
        CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
    attempts        integer          NOT NULL DEFAULT 0,
    created_at      timestamptz      NOT NULL,
    next_attempt_at timestamptz,
    claim           text,
    claimed_until   timestamptz,
    -- When a worker may claim it, as for mail deliveries: a pending one at its next attempt, one being sent when its
    -- claim expires (its worker died), a final one never.
    due_at          timestamptz GENERATED ALWAYS AS (CASE
        WHEN status = 'pending' THEN next_attempt_at
        WHEN status = 'sending' THEN claimed_until END) STORED
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);

-- Every attempt, as GET /v1/webhooks/{id}/deliveries lists them.
CREATE TABLE webhook_attempts (
    id              text COLLATE "C" PRIMARY KEY,
    delivery_id     text COLLATE "C" NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    webhook_id      text COLLATE "C" NOT NULL,
    event_id        text COLLATE "C" NOT NULL,
    attempt         integer          NOT NULL,
    status_code     integer,
    latency_ms      bigint           NOT NULL,
    error           text,
    created_at      timestamptz      NOT NULL,
    next_attempt_at timestamptz
);
CREATE INDEX webhook_attempts_webhook_created_id_idx ON webhook_attempts (webhook_id, created_at DESC, id DESC);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id);

-- Writes one event, enqueues its deliveries to the account's enabled endpoints that subscribe to it, and announces it.
CREATE FUNCTION inboxes_record_event(account text, event_type text, inbox text, payload jsonb) RETURNS void
    LANGUAGE plpgsql AS $$
DECLARE
    event_id text := inboxes_random_id('evt_');
    at timestamptz := clock_timestamp();
BEGIN
    INSERT INTO events (id, account_id, type, inbox_id, data, created_at, txid)
    VALUES (event_id, account, event_type, inbox, payload, at, pg_current_xact_id()::text::bigint);
    INSERT INTO webhook_deliveries (id, account_id, webhook_id, event_id, status, created_at, next_attempt_at)
    SELECT inboxes_random_id('whd_'), account, w.id, event_id, 'pending', at, at
    FROM webhooks w
    WHERE w.account_id = account AND w.status = 'enabled' AND event_type = ANY (w.event_types)
      AND (cardinality(w.inbox_ids) = 0 OR inbox = ANY (w.inbox_ids));
    PERFORM pg_notify('inboxes_events', account);
END $$;

CREATE FUNCTION inboxes_event_inbox_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM inboxes_record_event(NEW.account_id, 'inbox.created', NEW.id, inboxes_event_inbox(NEW));
    RETURN NULL;
END $$;
CREATE TRIGGER inboxes_event_on_insert AFTER INSERT ON inboxes
    FOR EACH ROW EXECUTE FUNCTION inboxes_event_inbox_created();

CREATE FUNCTION inboxes_event_inbox_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM inboxes_record_event(OLD.account_id, 'inbox.deleted', OLD.id, inboxes_event_inbox(OLD));
    RETURN NULL;
END $$;
CREATE TRIGGER inboxes_event_on_delete AFTER DELETE ON inboxes
    FOR EACH ROW EXECUTE FUNCTION inboxes_event_inbox_deleted();

-- Received mail only: a sent message's events are its deliveries'.
CREATE FUNCTION inboxes_event_message_received() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM inboxes_record_event(i.account_id, 'message.received', NEW.inbox_id, inboxes_event_message(NEW))
    FROM inboxes i WHERE i.id = NEW.inbox_id;
    RETURN NULL;
END $$;
CREATE TRIGGER messages_event_on_insert AFTER INSERT ON messages
    FOR EACH ROW WHEN (NEW.direction = 'inbound') EXECUTE FUNCTION inboxes_event_message_received();

-- A delivery's outcomes: every status it reaches after an attempt (or a report that came back), each deferral too.
CREATE FUNCTION inboxes_event_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM inboxes_record_event(NEW.account_id, 'message.' || NEW.status, NEW.inbox_id,
        inboxes_event_message(m) || jsonb_build_object('delivery', jsonb_build_object(
            'recipient', NEW.recipient, 'status', NEW.status, 'attempts', NEW.attempts,
            'last_attempt_at', inboxes_event_time(NEW.last_attempt_at),
            'next_attempt_at', inboxes_event_time(NEW.next_attempt_at), 'smtp_reply', NEW.smtp_reply)))
    FROM messages m WHERE m.id = NEW.message_id;
    RETURN NULL;
END $$;
CREATE TRIGGER deliveries_event_on_update AFTER UPDATE OF status ON deliveries
    FOR EACH ROW WHEN (NEW.status IN ('sent', 'deferred', 'bounced', 'failed') AND NEW.status <> OLD.status)
    EXECUTE FUNCTION inboxes_event_delivery();
-- A delivery final at once (no route for the recipient: failed) has its event too.
CREATE TRIGGER deliveries_event_on_insert AFTER INSERT ON deliveries
    FOR EACH ROW WHEN (NEW.status IN ('sent', 'deferred', 'bounced', 'failed'))
    EXECUTE FUNCTION inboxes_event_delivery();
