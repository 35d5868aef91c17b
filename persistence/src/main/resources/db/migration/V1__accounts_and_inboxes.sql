-- Ids are compared in byte order ("C"), so the id tie-break of the list order never depends on a locale.

CREATE TABLE accounts (
    id           text COLLATE "C" PRIMARY KEY,
    api_key_hash text        NOT NULL,
    created_at   timestamptz NOT NULL,
    CONSTRAINT accounts_api_key_hash_key UNIQUE (api_key_hash)
);

CREATE TABLE inboxes (
    id           text COLLATE "C" PRIMARY KEY,
    account_id   text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    address      text        NOT NULL,
    display_name text,
    created_at   timestamptz NOT NULL,
    CONSTRAINT inboxes_address_key UNIQUE (address)
);

-- Serves the keyset page: WHERE account_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC.
CREATE INDEX inboxes_account_created_id_idx ON inboxes (account_id, created_at DESC, id DESC);

-- The first result of a create, per account and Idempotency-Key, so a retried create returns it again.
CREATE TABLE idempotency_keys (
    account_id          text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    idempotency_key     text        NOT NULL,
    request_fingerprint text        NOT NULL,
    inbox_id            text COLLATE "C" NOT NULL,
    address             text        NOT NULL,
    display_name        text,
    inbox_created_at    timestamptz NOT NULL,
    created_at          timestamptz NOT NULL,
    PRIMARY KEY (account_id, idempotency_key)
);
