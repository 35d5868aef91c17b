-- What each send counted against the hourly limits (recipients per account and per inbox): written with the message,
-- kept for the hour the limits look back on whatever becomes of the message (deleting sent mail frees no quota).
-- A send deletes the account's rows older than that hour, so the table holds about one hour of sends.
CREATE TABLE send_ledger (
    account_id  text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    inbox_id    text COLLATE "C" NOT NULL,
    accepted_at timestamptz NOT NULL,
    recipients  integer     NOT NULL CHECK (recipients > 0)
);

CREATE INDEX send_ledger_account_accepted_idx ON send_ledger (account_id, accepted_at);
