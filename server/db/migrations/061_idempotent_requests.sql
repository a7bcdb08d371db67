-- Writes a phone may queue offline and send again (issue 44): a write with an Idempotency-Key is
-- answered once and its reply kept for a day, so the same key again gets the same reply without
-- the write being made twice. Keys are the caller's own: a person's, or an API client's.
CREATE TABLE idempotent_request (
  caller_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  -- What was asked (method, route, body), so the key sent with another request is refused.
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Null while the first request is being answered.
  status integer,
  content_type text,
  reply text,
  PRIMARY KEY (caller_id, idempotency_key)
);
