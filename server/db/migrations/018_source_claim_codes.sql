-- A claim code per device, printed on its label: claiming an unassigned device by its code (which
-- is often sequential, like IMEIs) needs the claim code too, unless staff do it.
ALTER TABLE source ADD COLUMN claim_code text NOT NULL
  DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 5) || '-' || substr(md5(gen_random_uuid()::text), 1, 5));
