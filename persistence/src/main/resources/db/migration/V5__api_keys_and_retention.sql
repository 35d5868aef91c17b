-- API keys get a table of their own: an account holds several, lists them, and revokes them one by one.
CREATE TABLE api_keys (
    id           text COLLATE "C" PRIMARY KEY,
    account_id   text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    key_hash     text        NOT NULL,
    prefix       text        NOT NULL,
    created_at   timestamptz NOT NULL,
    last_used_at timestamptz,
    CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash)
);

-- Serves the keyset page: WHERE account_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC.
CREATE INDEX api_keys_account_created_id_idx ON api_keys (account_id, created_at DESC, id DESC);

-- Each existing account's key becomes its first listed key. Only its hash was kept, so its prefix is just "sk_";
-- its id is random hex, a subset of base62.
INSERT INTO api_keys (id, account_id, key_hash, prefix, created_at)
SELECT 'key_' || substr(md5(a.id || a.api_key_hash), 1, 20), a.id, a.api_key_hash, 'sk_', a.created_at
FROM accounts a;

ALTER TABLE accounts DROP COLUMN api_key_hash;

-- Idempotency keys expire after 24 hours; the cleanup deletes the oldest first.
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
