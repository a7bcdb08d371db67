// The privacy screen's words in en: retention, exports and erasures (/organisation/privacy).
export const privacyEn = {
  title: 'Data and privacy',
  intro:
    'How long this organisation keeps its data, its exports, and its erasures with their signed receipts.',
  retention: 'Retention',
  retention_intro:
    'Data older than its period is removed each night, and what was removed is written to the audit trail.',
  kinds: {
    records: 'Raw records (days)',
    positions: 'Positions (days)',
    audit: 'Audit entries (days)',
    rollups: 'Daily figures (days)',
  },
  empty_means: 'Empty: %{fallback}',
  kept: 'kept',
  days: '%{days} day |||| %{days} days',
  min_days: 'At least %{days} days',
  saved: 'Retention saved.',
  last_applied: 'Last removal: %{when}',
  never_applied: 'Nothing removed yet.',
  exports: 'Exports',
  exports_intro:
    'A zip of CSV files: machines, hires, daily figures, positions in the range, members and audit entries.',
  positions_from: 'Positions from',
  positions_to: 'Positions to',
  export: 'Export',
  export_asked: 'The export is being prepared.',
  no_exports: 'No exports yet.',
  download: 'Download (%{size})',
  export_gone: 'No longer kept',
  progress: 'Progress',
  states: { queued: 'Waiting', running: 'Working', done: 'Done', failed: 'Failed' },
  erasures: 'Erasures',
  erasures_intro:
    'Erase a person, or a machine’s positions over some days. It cannot be undone; a signed receipt is mailed to you.',
  person: 'Person',
  erase_person: 'Erase person',
  machine: 'Machine',
  from: 'From',
  to: 'To',
  erase_positions: 'Erase positions',
  erasure_asked: 'The erasure has begun.',
  confirm_title: 'Erase for good?',
  confirm_person:
    'Their account goes and every mention of them is replaced by a pseudonym. This cannot be undone.',
  confirm_positions:
    'The machine’s positions on these days are removed; its figures stay. This cannot be undone.',
  kinds_of_erasure: {
    export: 'Export',
    'erase-user': 'A person',
    'erase-positions': 'A machine’s positions',
    'erase-organisation': 'The organisation',
  },
  show_receipt: 'Receipt',
  receipt: 'Erasure receipt',
  receipt_help:
    'Signed with the portal’s key: anyone can check it with the keys at /v1/privacy/keys.',
  copy: 'Copy',
  erase_organisation: 'Erase organisation',
  confirm_organisation:
    'Everything of %{name} goes: its machines with their data, files, audit trail, and the people who belong to no other organisation. This cannot be undone. Type its name to confirm.',
  type_name: 'The organisation’s name',
  organisation_erasure_asked: '%{name} is being erased; the signed receipt will be mailed to you.',
};
