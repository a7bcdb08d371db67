-- Issue 40: report files and scheduled reports may be Excel workbooks beside CSV and PDF.
ALTER TABLE report_file DROP CONSTRAINT report_file_format_check;
ALTER TABLE report_file ADD CONSTRAINT report_file_format_check
  CHECK (format IN ('csv', 'xlsx', 'pdf'));
ALTER TABLE report_schedule DROP CONSTRAINT report_schedule_format_check;
ALTER TABLE report_schedule ADD CONSTRAINT report_schedule_format_check
  CHECK (format IN ('csv', 'xlsx', 'pdf'));
