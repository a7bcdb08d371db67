-- A per-source API key for the generic JSON ingest; only its hash is kept.
ALTER TABLE source ADD COLUMN api_key_hash text;
CREATE UNIQUE INDEX source_api_key_hash_key ON source (api_key_hash) WHERE api_key_hash IS NOT NULL;
