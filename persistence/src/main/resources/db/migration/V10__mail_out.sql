-- Mail out. An outbound message is a message like any other (its row, raw bytes, thread and arrival number, stored
-- as received mail is), marked outbound, plus one delivery per recipient that the workers of every replica claim.

-- A constant default: existing rows are inbound, and adding the column rewrites nothing.
ALTER TABLE messages ADD COLUMN direction text NOT NULL DEFAULT 'inbound'
    CONSTRAINT messages_direction_check CHECK (direction IN ('inbound', 'outbound'));

CREATE TABLE deliveries (
    id              text COLLATE "C" PRIMARY KEY,
    account_id      text COLLATE "C" NOT NULL,
    inbox_id        text COLLATE "C" NOT NULL,
    -- The signed message is the message's raw bytes: every attempt and recipient sends the same bytes.
    message_id      text COLLATE "C" NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    -- The recipient's place in the message (To, Cc, Bcc in order): a message lists its deliveries in that order.
    position        integer     NOT NULL,
    recipient       text        NOT NULL,
    envelope_sender text        NOT NULL,
    status          text        NOT NULL CONSTRAINT deliveries_status_check
        CHECK (status IN ('queued', 'sending', 'sent', 'deferred', 'bounced', 'failed', 'suppressed')),
    attempts        integer     NOT NULL DEFAULT 0,
    accepted_at     timestamptz NOT NULL,
    last_attempt_at timestamptz,
    next_attempt_at timestamptz,
    -- The worker's claim: its token, and how long it holds; an attempt is recorded only under the token.
    claim           text,
    claimed_until   timestamptz,
    smtp_reply      text,
    -- When a worker may claim it: a queued or deferred one at its next attempt, one being sent when its claim
    -- expires (its worker died), a final one never. One column, so one index serves the claim and its order.
    due_at          timestamptz GENERATED ALWAYS AS (CASE
        WHEN status IN ('queued', 'deferred') THEN next_attempt_at
        WHEN status = 'sending' THEN claimed_until END) STORED
);

-- Serves the claim: WHERE due_at <= ? ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED; holds pending ones only.
CREATE INDEX deliveries_due_idx ON deliveries (due_at) WHERE due_at IS NOT NULL;
-- Serves a message's deliveries, and the cascade from messages.
CREATE INDEX deliveries_message_idx ON deliveries (message_id, position);
-- Serves what the outbox holds for an account (its limit of pending deliveries).
CREATE INDEX deliveries_account_pending_idx ON deliveries (account_id)
    WHERE status IN ('queued', 'sending', 'deferred');

CREATE TABLE delivery_attempts (
    delivery_id text COLLATE "C" NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
    at          timestamptz NOT NULL,
    reply       text,
    latency_ms  bigint      NOT NULL
);
CREATE INDEX delivery_attempts_delivery_at_idx ON delivery_attempts (delivery_id, at);

-- Idempotency keys serve the send routes too, in the same namespace as inbox creates (one key, one request, per
-- account): a key's first result is either the inbox it created or the message it accepted. The message is not a
-- foreign key: the key replays for 24 hours whatever happens to the message meanwhile.
ALTER TABLE idempotency_keys
    ALTER COLUMN inbox_id DROP NOT NULL,
    ALTER COLUMN address DROP NOT NULL,
    ALTER COLUMN inbox_created_at DROP NOT NULL,
    ADD COLUMN message_id text COLLATE "C",
    ADD CONSTRAINT idempotency_keys_one_result_check CHECK (num_nonnulls(inbox_id, message_id) = 1
        AND (inbox_id IS NULL OR (address IS NOT NULL AND inbox_created_at IS NOT NULL)));

-- The DKIM keys of the mail domains, so that every replica signs with the same one; a domain's newest is current.
CREATE TABLE dkim_keys (
    domain      text        NOT NULL,
    selector    text        NOT NULL,
    -- RSA, PKCS #8 DER; never leaves the store and the signer.
    private_key bytea       NOT NULL,
    -- X.509 SubjectPublicKeyInfo DER, what the DNS record publishes.
    public_key  bytea       NOT NULL,
    created_at  timestamptz NOT NULL,
    PRIMARY KEY (domain, selector)
);
CREATE INDEX dkim_keys_domain_created_idx ON dkim_keys (domain, created_at DESC, selector DESC);
