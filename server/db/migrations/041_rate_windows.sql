-- Requests per rate-limit key per window, added up across api processes (server/plugins/
-- rateWindows.ts): each process counts in memory and adds its counts here every second, learning
-- the others' in the same statement. Windows an hour old are deleted.
CREATE TABLE rate_window (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
