-- How many mails each shared location sent, so a user's mails per hour can be capped.
ALTER TABLE location_share ADD COLUMN mailed_count integer NOT NULL DEFAULT 0;
CREATE INDEX location_share_created_by ON location_share (created_by, created_at);
