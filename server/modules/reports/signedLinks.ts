// Signed, expiring tokens that open one report without a session: the link to a report file in a
// scheduled report's mail, and the token of GET user/reports/{id}/token that opens a report page.
// Signed with the server's own keys (jose, EdDSA); each purpose has its own audience, and neither
// carries a session, so neither is ever taken for an access token.
import { signClaims, verifyClaims } from '../../security/signedClaims.ts';
import type { KeyRing } from '../../security/signingKeys.ts';

export const signReportFileLink = (
  keys: KeyRing,
  file: { organisationId: string; fileId: string },
  ttlS: number,
  nowMs = Date.now(),
) => signClaims(keys, 'report-file', { org: file.organisationId, file: file.fileId }, ttlS, nowMs);

export async function verifyReportFileLink(
  keys: KeyRing,
  token: string,
): Promise<{ organisationId: string; fileId: string } | undefined> {
  const claims = await verifyClaims(keys, 'report-file', token);
  return typeof claims?.org === 'string' && typeof claims.file === 'string'
    ? { organisationId: claims.org, fileId: claims.file }
    : undefined;
}

export interface ReportViewClaims {
  organisationId: string;
  userId: string;
  reportType: string;
}

export const signReportView = (
  keys: KeyRing,
  view: ReportViewClaims,
  ttlS: number,
  nowMs = Date.now(),
) =>
  signClaims(
    keys,
    'report-view',
    { org: view.organisationId, sub: view.userId, report: view.reportType },
    ttlS,
    nowMs,
  );

export async function verifyReportView(
  keys: KeyRing,
  token: string,
): Promise<ReportViewClaims | undefined> {
  const claims = await verifyClaims(keys, 'report-view', token);
  return typeof claims?.org === 'string' &&
    typeof claims.sub === 'string' &&
    typeof claims.report === 'string'
    ? { organisationId: claims.org, userId: claims.sub, reportType: claims.report }
    : undefined;
}
