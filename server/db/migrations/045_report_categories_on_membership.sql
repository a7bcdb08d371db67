-- Report categories live on the membership (033), where the reports read them; the user row's own
-- list (022) was what the user form wrote and nothing read (issue 40, point 1).
ALTER TABLE app_user DROP COLUMN report_categories;
