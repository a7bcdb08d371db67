// An export or erasure as its requester sees it: its progress, and once done its signed download
// link (made afresh at each reading, so that it stays valid for a day from then) or its receipt.
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import type { PrivacyJob } from '../../../src/domain/api/privacy.ts';
import type { KeyRing } from '../../security/signingKeys.ts';
import { signExportLink } from './exportLinks.ts';
import type { JobRow } from './jobStore.ts';

export const jobRecord = async (keys: KeyRing, row: JobRow): Promise<PrivacyJob> => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  progress: row.progress,
  step: row.step,
  requestedAt: new Date(row.created_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  error: row.error,
  downloadUrl:
    row.file_key && row.organisation_id
      ? `${endpoints.privacy.download}?token=${await signExportLink(keys, row.organisation_id, row.id, Date.now())}`
      : null,
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  receipt: row.receipt,
});
