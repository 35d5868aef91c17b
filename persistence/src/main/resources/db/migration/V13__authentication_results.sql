-- What the checks at receipt found (SPF, DKIM, DMARC), stored with each message received over SMTP. auth_verdict is
-- NULL for a message that was not checked (recorded with POST, composed, delivered within the service); then every
-- other column is NULL too. dkim_results holds (result, domain, selector) triples in signature order, as
-- extracted_codes holds its triples; a missing domain or selector is the empty string. sender_verified is what list
-- rows show: true exactly when the verdict is pass.
ALTER TABLE messages
    ADD COLUMN auth_verdict    text CHECK (auth_verdict IN ('pass', 'fail', 'none', 'unknown')),
    ADD COLUMN spf_result      text,
    ADD COLUMN spf_domain      text,
    ADD COLUMN dkim_results    text[],
    ADD COLUMN dmarc_result    text,
    ADD COLUMN dmarc_policy    text,
    ADD COLUMN dmarc_domain    text,
    ADD COLUMN sender_verified boolean NOT NULL DEFAULT false;
