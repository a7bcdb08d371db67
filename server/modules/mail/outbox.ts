// The one way the portal sends mail: every message is written to mail_outbox, then sent through
// SMTP when SMTP_URL is configured (the row records when, or why not); without SMTP it stays in the
// outbox for the operator to read (GET /v1/admin/outbox) and the server log shows it.
// A mail of a kind one can unsubscribe from carries its unsubscribe link, and is not sent to an
// address that asked for no more of that kind.
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailType } from '../../../src/domain/api/accounts.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import { MAIL_WORDS, type MailLanguage } from './words.ts';
import { mailSwitchedOff } from './preferences.ts';
import { brandedHtml, type MailBrand } from './brandedHtml.ts';
import { unsubscribeLink } from './unsubscribe.ts';
import { mailDeliveries } from '../../observability/metrics.ts';

export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** Absent for the account mails a person asked for (a password reset, a registration). */
  emailType?: EmailType;
  /** The language of the unsubscribe footer; English when absent. */
  language?: MailLanguage;
  /** Sent on an organisation's behalf: an HTML part in its brand goes with the text. */
  brand?: MailBrand;
  /** A file from the file storage that goes with the mail. */
  attachment?: { key: string; name: string };
  /** Why the mail is written to the outbox but not sent (over a mail cap). */
  heldBack?: string;
}

/** Why an outbox row was not sent: its address unsubscribed from its kind of mail. */
export const UNSUBSCRIBED = 'unsubscribed';

export interface OutboxLog {
  info(o: object, message: string): void;
  error(o: object, message: string): void;
}

export interface OutboxMail extends Mail {
  id: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  attachmentName: string | null;
}

const transports = new Map<string, Transporter>();
const transportFor = (url: string) => {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
};

/** A mail written to the outbox and waiting to go. */
export interface QueuedMail {
  id: string;
  mail: Mail;
  html: string | null;
}

/**
 * Writes each mail to the outbox, then, with SMTP configured, sends them in the background: the
 * caller does not wait on a slow mail server, and a mail that cannot go keeps its reason.
 */
export async function sendMail(
  db: Queryable,
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>,
  log: OutboxLog,
  mails: Mail[],
  files?: FileStorage,
): Promise<void> {
  deliverMail(db, config, log, await queueMail(db, config, log, mails), files);
}

/**
 * Writes the mails to the outbox and nothing more: inside a transaction, so that the mails exist
 * exactly when the work they report on is committed. Send them with deliverMail after the commit.
 */
export async function queueMail(
  db: Queryable,
  config: Pick<Config, 'smtpUrl' | 'publicUrl'>,
  log: OutboxLog,
  mails: Mail[],
): Promise<QueuedMail[]> {
  const queued: QueuedMail[] = [];
  for (const given of mails) {
    // Held back: a kind of mail the address unsubscribed from, or all mail of a user who
    // switched theirs off.
    const suppressed =
      given.emailType !== undefined &&
      ((
        await db.query(
          'SELECT 1 FROM mail_suppression WHERE email = lower($1) AND email_type = $2',
          [given.to, given.emailType],
        )
      ).length > 0 ||
        (await mailSwitchedOff(db, given.to)));
    const mail =
      given.emailType && !suppressed
        ? await withUnsubscribeLink(db, config, given, given.emailType)
        : given;
    const html = mail.brand ? brandedHtml(mail.body, mail.brand, config.publicUrl) : null;
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO mail_outbox (to_address, subject, body, email_type, error, html, attachment_key, attachment_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        mail.to,
        mail.subject,
        mail.body,
        mail.emailType ?? null,
        suppressed ? UNSUBSCRIBED : (mail.heldBack ?? null),
        html,
        mail.attachment?.key ?? null,
        mail.attachment?.name ?? null,
      ],
    );
    if (suppressed || mail.heldBack || !row) continue;
    queued.push({ id: row.id, mail, html });
    if (!config.smtpUrl) {
      log.info(
        { to: mail.to, subject: mail.subject, body: mail.body },
        'mail kept in the outbox (no SMTP_URL configured)',
      );
    }
  }
  return queued;
}

/** Sends queued mails through SMTP in the background, when SMTP is configured. */
export function deliverMail(
  db: Queryable,
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  log: OutboxLog,
  queued: QueuedMail[],
  files?: FileStorage,
): void {
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl || queued.length === 0) return;
  void (async () => {
    for (const { id, mail, html } of queued) {
      try {
        const bytes = mail.attachment ? await files?.get(mail.attachment.key) : undefined;
        if (mail.attachment && !bytes) throw new Error('the attached file is gone');
        await transportFor(smtpUrl).sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
          ...(html ? { html } : {}),
          ...(mail.attachment && bytes
            ? { attachments: [{ filename: mail.attachment.name, content: bytes }] }
            : {}),
        });
        await db.query('UPDATE mail_outbox SET sent_at = now() WHERE id = $1', [id]);
        mailDeliveries.inc({ outcome: 'sent' });
      } catch (error) {
        mailDeliveries.inc({ outcome: 'failed' });
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .query('UPDATE mail_outbox SET error = $2 WHERE id = $1', [id, reason])
          .catch(() => undefined);
        log.error({ to: mail.to, err: error }, 'mail could not be sent');
      }
    }
  })();
}

async function withUnsubscribeLink(
  db: Queryable,
  config: Pick<Config, 'publicUrl'>,
  mail: Mail,
  emailType: EmailType,
): Promise<Mail> {
  const link = await unsubscribeLink(db, config.publicUrl, mail.to, emailType);
  return {
    ...mail,
    body: `${mail.body}\n\n--\n${MAIL_WORDS[mail.language ?? 'en'].unsubscribe} ${link}`,
  };
}

/** The newest mails first; `failed`: only those that could not be sent (not the unsubscribed). */
export async function readOutbox(
  db: Queryable,
  limit: number,
  failed = false,
): Promise<OutboxMail[]> {
  const rows = await db.query<{
    id: string;
    to_address: string;
    subject: string;
    body: string;
    created_at: Date;
    sent_at: Date | null;
    error: string | null;
    attachment_name: string | null;
  }>(
    `SELECT id, to_address, subject, body, created_at, sent_at, error, attachment_name FROM mail_outbox
      WHERE NOT $2 OR (sent_at IS NULL AND error IS NOT NULL AND error <> $3)
      ORDER BY created_at DESC LIMIT $1`,
    [limit, failed, UNSUBSCRIBED],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    error: row.error,
    attachmentName: row.attachment_name,
  }));
}

/**
 * Sends a mail that failed once more, as it was written, when SMTP is configured. Null when there
 * is no such mail; false when it cannot be retried: already sent, its address unsubscribed, or no
 * SMTP to send through. Its error is cleared now and written again if it fails again.
 */
export async function retryMail(
  db: Queryable,
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  log: OutboxLog,
  id: string,
  files?: FileStorage,
): Promise<boolean | null> {
  const [row] = await db.query<{
    to_address: string;
    subject: string;
    body: string;
    html: string | null;
    attachment_key: string | null;
    attachment_name: string | null;
    sent_at: Date | null;
    error: string | null;
  }>(
    `SELECT to_address, subject, body, html, attachment_key, attachment_name, sent_at, error
       FROM mail_outbox WHERE id = $1`,
    [id],
  );
  if (!row) return null;
  if (row.sent_at || row.error === UNSUBSCRIBED || !config.smtpUrl) return false;
  await db.query('UPDATE mail_outbox SET error = NULL WHERE id = $1', [id]);
  const attachment =
    row.attachment_key && row.attachment_name
      ? { key: row.attachment_key, name: row.attachment_name }
      : undefined;
  deliverMail(
    db,
    config,
    log,
    [
      {
        id,
        mail: { to: row.to_address, subject: row.subject, body: row.body, attachment },
        html: row.html,
      },
    ],
    files,
  );
  return true;
}
