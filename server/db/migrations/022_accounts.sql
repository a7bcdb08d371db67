-- Accounts run by the organisations themselves: invitations, password resets, registration,
-- unsubscribe links, soft-deleted users and the audit trail of who did what to whom.

-- An invited person is a member once they accept; until then the membership grants nothing.
ALTER TABLE membership
  ADD COLUMN state text NOT NULL DEFAULT 'active' CHECK (state IN ('invited', 'active')),
  ADD COLUMN invited_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- Which report categories a user receives (spec point 3: reports have categories per user).
ALTER TABLE app_user ADD COLUMN report_categories text[] NOT NULL DEFAULT '{}';
-- A registered organisation's first admin confirms the address before the first sign-in; it is
-- null only then (registration stores null), so every other way of making a user needs nothing.
ALTER TABLE app_user ADD COLUMN email_confirmed_at timestamptz DEFAULT now();

-- Single-use secrets sent by e-mail, stored only as hashes. An invitation names the organisation;
-- a password reset and a registration confirmation name only the user.
CREATE TABLE account_token (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('invitation', 'password-reset', 'registration')),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  organisation_id uuid REFERENCES organisation (id) ON DELETE CASCADE,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- Replaced by a newer token (a reinvitation, a second reset request) or its membership removed.
  revoked_at timestamptz
);
CREATE INDEX account_token_user ON account_token (user_id, purpose);

-- The unsubscribe link of each mail: the address it went to and the kind of mail. Not single-use:
-- pressing the link twice must not turn the second press into an error.
CREATE TABLE unsubscribe_token (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  email_type text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Addresses that asked for no more mail of a kind; the outbox keeps such mail from being sent.
CREATE TABLE mail_suppression (
  email text NOT NULL,
  email_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, email_type)
);
ALTER TABLE mail_outbox ADD COLUMN email_type text;

-- Who did what to whom, kept when the user it names is deleted.
CREATE TABLE audit_event (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  organisation_id uuid REFERENCES organisation (id) ON DELETE SET NULL,
  actor_user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  -- The actor's e-mail as it was, for when the actor's row is gone.
  actor_email text,
  action text NOT NULL,
  subject_user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_event_organisation ON audit_event (organisation_id, at DESC);
CREATE INDEX audit_event_subject ON audit_event (subject_user_id, at DESC);
