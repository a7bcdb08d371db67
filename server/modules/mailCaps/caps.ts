// The mail caps: how much mail an organisation and each of its users may have the portal send on
// their request over a day (invitations, re-invitations, reports run now, shared locations), with
// mail to addresses outside the organisation counted apart, and what scheduled reports may still
// send to outsiders. Beyond a cap a request gets 429 with Retry-After; the caps are settings
// (MAIL_CAP_*), and staff see each organisation's counts beside the outbox.
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, HttpError } from '../../httpError.ts';
import {
  lockOrganisation,
  recordUse,
  secondsUntilRoom,
  usedToday,
  usesByOrganisation,
  type CapScope,
  type MailUse,
  type OrganisationMailUse,
} from './store.ts';

export type MailCaps = Config['mailCaps'];

const CAP_WORDS: Record<CapScope, string> = {
  organisation: 'mails a day for the organisation',
  outside: 'mails a day to addresses outside the organisation',
  user: 'mails a day for one user',
};

/**
 * Counts the mail a request is about to send against the caps, or refuses it: 429 with the wait
 * when the day's mail is at a cap, 400 naming `field` when the request alone is over one.
 */
export async function reserveMail(
  db: Database,
  caps: MailCaps,
  use: MailUse,
  field: string,
): Promise<void> {
  const total = use.members + use.outside;
  if (total === 0) return;
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, use.organisationId);
    const used = await usedToday(tx, use.organisationId, use.userId);
    const checks: { scope: CapScope; id: string; requested: number; cap: number }[] = [
      {
        scope: 'organisation',
        id: use.organisationId,
        requested: total,
        cap: caps.organisationPerDay,
      },
      { scope: 'outside', id: use.organisationId, requested: use.outside, cap: caps.outsidePerDay },
      ...(use.userId
        ? [{ scope: 'user' as const, id: use.userId, requested: total, cap: caps.userPerDay }]
        : []),
    ];
    // A request larger than a cap could never be sent: that is the request's fault, not the day's.
    for (const { scope, requested, cap } of checks)
      if (requested > cap)
        throw badRequest(
          field,
          `${requested} mails is more than the cap of ${cap} ${CAP_WORDS[scope]}`,
        );
    for (const { scope, id, requested, cap } of checks) {
      if (requested === 0 || used[scope] + requested <= cap) continue;
      const waitS = await secondsUntilRoom(tx, scope, id, used[scope], requested, cap);
      throw new HttpError(
        429,
        ERROR_CODES.tooManyRequests,
        `At most ${cap} ${CAP_WORDS[scope]} (${used[scope]} sent in the last 24 hours); ` +
          `try again in ${waitS < 3600 ? `${Math.ceil(waitS / 60)} minutes` : `${Math.ceil(waitS / 3600)} hours`}`,
        field,
        { 'retry-after': String(waitS) },
      );
    }
    await recordUse(tx, use);
  });
}

/**
 * A scheduled report's run, which no one is there to refuse: its members are always mailed and
 * counted; of its outside recipients, as many as the organisation's caps still allow. Returns that
 * number; the rest are held back.
 */
export async function allowScheduledRun(
  db: Database,
  caps: MailCaps,
  organisationId: string,
  recipients: { members: number; outside: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organisationId);
    const used = await usedToday(tx, organisationId, null);
    const room = Math.min(
      caps.outsidePerDay - used.outside,
      caps.organisationPerDay - used.organisation - recipients.members,
    );
    const outside = Math.max(0, Math.min(recipients.outside, room));
    await recordUse(tx, {
      organisationId,
      userId: null,
      kind: 'scheduled-report',
      members: recipients.members,
      outside,
    });
    return outside;
  });
}

/** What staff see: the caps, and each organisation's mail over the last day. */
export async function mailCapCounts(
  db: Database,
  caps: MailCaps,
): Promise<{ caps: MailCaps; organisations: OrganisationMailUse[] }> {
  return { caps, organisations: await usesByOrganisation(db) };
}

/** Why a mail over the caps was written to the outbox but not sent. */
export const OVER_MAIL_CAP = 'over the mail cap';
