// The signed, expiring link of an export's zip: it opens without a session, so that the browser
// downloads it as a plain link, and it names the organisation and the job, nothing else.
import { signClaims, verifyClaims } from '../../security/signedClaims.ts';
import type { KeyRing } from '../../security/signingKeys.ts';

const PURPOSE = 'privacy-export';
/** How long a link opens the file; the file itself goes after EXPORT_KEPT_MS. */
export const EXPORT_LINK_TTL_S = 86_400;
export const EXPORT_KEPT_MS = 7 * 86_400_000;

export const signExportLink = (
  keys: KeyRing,
  organisationId: string,
  jobId: string,
  nowMs: number,
) => signClaims(keys, PURPOSE, { org: organisationId, job: jobId }, EXPORT_LINK_TTL_S, nowMs);

export async function verifyExportLink(
  keys: KeyRing,
  token: string,
): Promise<{ organisationId: string; jobId: string } | undefined> {
  const claims = await verifyClaims(keys, PURPOSE, token);
  return typeof claims?.org === 'string' && typeof claims.job === 'string'
    ? { organisationId: claims.org, jobId: claims.job }
    : undefined;
}
