-- The branded HTML part of a mail sent on an organisation's behalf; the text part stays in body.
ALTER TABLE mail_outbox ADD COLUMN html text;
