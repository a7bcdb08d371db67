// Sharing a machine's latest location: a link to a read-only page that works for
// SHARE_LINK_HOURS, mailed through the outbox and offered as WhatsApp links. The page shows what
// the sharing organisation may see: the owner, the machine's latest place; a customer, its latest
// place within the customer's hires.
import { randomBytes } from 'node:crypto';
import {
  SHARE_LINK_HOURS,
  whatsappDigits,
  type ShareLocationBody,
  type ShareLocationReply,
  type SharedLocationReply,
} from '../../../src/domain/api/share.ts';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import { badRequest, gone, HttpError, notFound } from '../../httpError.ts';
import { MIN_SATELLITES } from '../../telemetry/engine/rules.ts';
import type { AccessClaims } from '../../security/tokens.ts';
import { sendMail, type OutboxLog } from '../mail/index.ts';
import { reserveMail } from '../mailCaps/index.ts';
import { machineVisibility } from '../machines/index.ts';
import { mailBrandOf } from '../brand/index.ts';

export async function shareLatestLocation(
  db: Database,
  config: Config,
  log: OutboxLog,
  auth: AccessClaims,
  machineId: string,
  body: ShareLocationBody,
): Promise<ShareLocationReply> {
  if (!(await machineVisibility(db, auth.org, machineId))) throw notFound('No such machine');
  const [sharer] = await db.query<{ email: string; name: string; organisation: string }>(
    `SELECT u.email, trim(u.first_name || ' ' || u.last_name) AS name, o.name AS organisation
       FROM app_user u, organisation o WHERE u.id = $1 AND o.id = $2`,
    [auth.sub, auth.org],
  );
  const emails = [
    ...new Set(
      [...body.emailList, ...(body.includeSelf && sharer ? [sharer.email] : [])].map((e) =>
        e.trim().toLowerCase(),
      ),
    ),
  ];
  const numbers = [...new Set(body.whatsappNumberList.map(whatsappDigits))];
  if (emails.length === 0 && numbers.length === 0) {
    throw badRequest('emailList', 'give at least one e-mail address or WhatsApp number');
  }
  if (emails.length + numbers.length > config.shareMaxRecipients) {
    throw badRequest(
      'emailList',
      `share with at most ${config.shareMaxRecipients} people at a time (e-mails and numbers together)`,
    );
  }
  // A cap per user and hour, so the portal cannot be made to send mail in bulk.
  const [sent] = await db.query<{ mailed: number; wait_s: number | null }>(
    `SELECT coalesce(sum(mailed_count), 0)::int AS mailed,
            ceil(extract(epoch FROM min(created_at) + interval '1 hour' - now()))::int AS wait_s
       FROM location_share WHERE created_by = $1 AND created_at > now() - interval '1 hour'`,
    [auth.sub],
  );
  if ((sent?.mailed ?? 0) + emails.length > config.shareMailsPerHour) {
    throw new HttpError(
      429,
      ERROR_CODES.tooManyRequests,
      `At most ${config.shareMailsPerHour} shared-location mails an hour; try again later`,
      'emailList',
      { 'retry-after': String(Math.max(60, sent?.wait_s ?? 3600)) },
    );
  }
  const own = sharer?.email.toLowerCase();
  await reserveMail(
    db,
    config.mailCaps,
    {
      organisationId: auth.org,
      userId: auth.sub,
      kind: 'share',
      members: emails.filter((email) => email === own).length,
      outside: emails.filter((email) => email !== own).length,
    },
    'emailList',
  );
  const [machine] = await db.query<{ name: string; asset_id: string | null }>(
    'SELECT name, asset_id FROM machine WHERE id = $1',
    [machineId],
  );
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + SHARE_LINK_HOURS * 3_600_000);
  await db.query(
    `INSERT INTO location_share (token, machine_id, organisation_id, created_by, expires_at, mailed_count)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [token, machineId, auth.org, auth.sub, expiresAt, emails.length],
  );
  const url = `${config.publicUrl.replace(/\/$/, '')}/shared/location/${token}`;
  const what = [machine?.name, machine?.asset_id].filter(Boolean).join(' · ');
  // The mail names who shared, so a recipient knows whom to ask and abuse has a name.
  const who = sharer
    ? `${sharer.name ? `${sharer.name} (${sharer.email})` : sharer.email} of ${sharer.organisation}`
    : 'Someone';
  const message =
    `${who} shared the latest location of ${what} with you: ${url}\n` +
    `The link works until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
  const brand = await mailBrandOf(db, auth.org);
  await sendMail(
    db,
    config,
    log,
    emails.map((to) => ({
      brand,
      to,
      subject: `Latest location of ${what}`,
      body: message,
      emailType: 'shared-locations' as const,
    })),
  );
  return {
    url,
    expiresAt: expiresAt.toISOString(),
    emailed: emails,
    whatsappLinks: numbers.map((number) => ({
      number: `+${number}`,
      url: `https://wa.me/${number}?text=${encodeURIComponent(message)}`,
    })),
  };
}

interface PositionRow {
  latitude: number;
  longitude: number;
  position_at: Date;
}

export async function sharedLocation(
  db: Queryable,
  config: Pick<Config, 'mapTileLayers'>,
  token: string,
): Promise<SharedLocationReply> {
  const [share] = await db.query<{
    machine_id: string;
    organisation_id: string;
    expires_at: Date;
    machine: string;
    asset_id: string | null;
    organisation: string;
  }>(
    `SELECT l.machine_id, l.organisation_id, l.expires_at, m.name AS machine, m.asset_id, o.name AS organisation
       FROM location_share l JOIN machine m ON m.id = l.machine_id
       JOIN organisation o ON o.id = l.organisation_id
      WHERE l.token = $1`,
    [token],
  );
  if (!share) throw notFound('No such shared location');
  if (share.expires_at.getTime() <= Date.now()) throw gone('This shared location has expired');
  const visibility = await machineVisibility(db, share.organisation_id, share.machine_id);
  // A hire that has since been removed: nothing more to show.
  const periods = visibility?.periods ?? [];
  const [position] = visibility?.owned
    ? await db.query<PositionRow>(
        `SELECT last_latitude AS latitude, last_longitude AS longitude, last_position_at AS position_at
           FROM source WHERE machine_id = $1 AND last_position_at IS NOT NULL
          ORDER BY last_position_at DESC LIMIT 1`,
        [share.machine_id],
      )
    : periods.length === 0
      ? []
      : await db.query<PositionRow>(
          `SELECT r.latitude, r.longitude, r.device_time AS position_at
             FROM source s JOIN telemetry_record r ON r.source_id = s.id
            WHERE s.machine_id = $1 AND r.invalid_reason IS NULL AND r.position_invalid_reason IS NULL
              AND r.latitude IS NOT NULL AND (r.satellites IS NULL OR r.satellites >= ${MIN_SATELLITES})
              AND EXISTS (SELECT 1 FROM unnest($2::timestamptz[], $3::timestamptz[]) AS p(from_at, to_at)
                           WHERE r.device_time >= p.from_at AND (p.to_at IS NULL OR r.device_time < p.to_at))
            ORDER BY r.device_time DESC LIMIT 1`,
          [
            share.machine_id,
            periods.map((p) => new Date(p.fromMs)),
            periods.map((p) => (Number.isFinite(p.toMs) ? new Date(p.toMs) : null)),
          ],
        );
  return {
    machine: { name: share.machine, assetId: share.asset_id },
    organisation: share.organisation,
    location: position
      ? {
          latitude: position.latitude,
          longitude: position.longitude,
          lastUpdated: position.position_at.toISOString(),
        }
      : null,
    expiresAt: share.expires_at.toISOString(),
    layers: config.mapTileLayers,
  };
}
