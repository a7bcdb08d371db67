-- The mail an organisation and its users asked the portal to send (invitations, reports run now,
-- scheduled reports' outside recipients, shared locations), counted over the last day against the
-- mail caps (server/modules/mailCaps). One row per request, kept two days.
CREATE TABLE mail_cap_use (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  -- Who asked; NULL for a scheduled report's run, which no one asked for at the time.
  user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  kind text NOT NULL,
  -- Recipients who are the organisation's people, and addresses outside it.
  members integer NOT NULL CHECK (members >= 0),
  outside integer NOT NULL CHECK (outside >= 0),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_cap_use_organisation ON mail_cap_use (organisation_id, at);
CREATE INDEX mail_cap_use_user ON mail_cap_use (user_id, at) WHERE user_id IS NOT NULL;
