-- Each account's suppressed addresses: a send naming one is refused. A hard bounce adds one; the account lifts it.
-- Addresses are stored lower case (the service normalizes them), so one address is one row whatever its case.
CREATE TABLE suppressions (
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    address    text COLLATE "C" NOT NULL,
    reason     text        NOT NULL,
    created_at timestamptz NOT NULL,
    -- Serves a send's check of its recipients, a delete, and the account's cascade.
    PRIMARY KEY (account_id, address)
);

-- Serves the keyset page: WHERE account_id = ? AND (created_at, address) < (?, ?)
-- ORDER BY created_at DESC, address DESC.
CREATE INDEX suppressions_account_created_address_idx ON suppressions (account_id, created_at DESC, address DESC);
