// The alert worker: raises the alerts no commit shows (devices gone silent, hires idle on hire or
// not returned), and mails each member the alerts of the types they subscribed to, all that waited
// in one mail once the oldest has waited ALERT_BATCH_S, so a busy morning is one mail rather than
// one per event. A member's mailbox row is claimed (FOR UPDATE SKIP LOCKED) and each alert's
// delivery written in the transaction that queues the mail: with several server processes, or
// after a restart, no alert is mailed twice.
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import {
  deliverMail,
  isMailLanguage,
  type MailLanguage,
  type OutboxLog,
  type QueuedMail,
  queueMail,
} from '../mail/index.ts';
import { ALERT_MAIL_WORDS } from './mailWords.ts';
import { storeAlerts } from './raise.ts';
import { ALERT_COLUMNS, ALERT_JOINS, type AlertRow } from './service.ts';
import { silentDeviceAlerts } from './silent.ts';
import { hireAlerts } from './hireAlerts.ts';
import { serviceAlerts } from './serviceAlerts.ts';
import { mailBrandOf } from '../brand/index.ts';
import { localTimeIn } from '../maps/index.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import { PollingWorker } from '../../pollingWorker.ts';

export interface AlertWorkerContext {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'alertBatchS' | 'alertPollMs'>;
  log: OutboxLog;
}

/** Members' subscribed alerts (a) raised since they subscribed (s)... */
const WAITING_FROM = `
  FROM alert_subscription s
  JOIN membership ms ON ms.user_id = s.user_id AND ms.organisation_id = s.organisation_id
   AND ms.state = 'active'
  JOIN alert a ON a.organisation_id = s.organisation_id AND a.alert_type = s.alert_type
   AND a.created_at >= s.since`;
/** ...and not mailed to them yet. */
const NOT_MAILED = `NOT EXISTS (SELECT 1 FROM alert_delivery d WHERE d.user_id = s.user_id AND d.alert_id = a.id)`;

export class AlertWorker extends PollingWorker {
  constructor(private readonly context: AlertWorkerContext) {
    super(() => context.config.alertPollMs, context.log, 'alert worker');
  }

  protected tick(): Promise<void> {
    return this.run(Date.now());
  }

  /** Everything due at `nowMs`: silent devices raised, then the mails that are due sent. */
  async run(nowMs: number): Promise<void> {
    const { db } = this.context;
    await storeAlerts(db, [
      ...(await silentDeviceAlerts(db, nowMs)),
      ...(await hireAlerts(db, nowMs)),
      ...(await serviceAlerts(db, nowMs)),
    ]);
    await this.mailDue(nowMs);
  }

  private async mailDue(nowMs: number): Promise<void> {
    const { db, config, log } = this.context;
    const now = new Date(nowMs);
    const batchS = config.alertBatchS;
    const members = await db.query<{ user_id: string; organisation_id: string }>(
      `SELECT s.user_id, s.organisation_id ${WAITING_FROM} WHERE ${NOT_MAILED}
        GROUP BY s.user_id, s.organisation_id
       HAVING min(a.created_at) <= $1::timestamptz - make_interval(secs => $2)`,
      [now, batchS],
    );
    for (const member of members) {
      await db.query(
        `INSERT INTO alert_mailbox (user_id, organisation_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [member.user_id, member.organisation_id],
      );
      const queued = await db.transaction(async (tx) => {
        const [mailbox] = await tx.query<{ last_mailed_at: Date | null }>(
          `SELECT last_mailed_at FROM alert_mailbox WHERE user_id = $1 AND organisation_id = $2
             FOR UPDATE SKIP LOCKED`,
          [member.user_id, member.organisation_id],
        );
        // Another process is mailing this member, or did within the batch time.
        if (!mailbox) return [];
        if (mailbox.last_mailed_at && mailbox.last_mailed_at.getTime() > nowMs - batchS * 1000)
          return [];
        return this.mailMember(tx, member.user_id, member.organisation_id, now);
      });
      deliverMail(db, config, log, queued);
    }
  }

  private async mailMember(
    tx: Queryable,
    userId: string,
    organisationId: string,
    now: Date,
  ): Promise<QueuedMail[]> {
    const { config, log } = this.context;
    const alerts = await tx.query<AlertRow>(
      `SELECT ${ALERT_COLUMNS} ${WAITING_FROM} ${ALERT_JOINS}
        WHERE ${NOT_MAILED} AND s.user_id = $1 AND s.organisation_id = $2
        ORDER BY a.at, a.id`,
      [userId, organisationId],
    );
    const [user] = await tx.query<{
      email: string;
      language: string | null;
      timezone: string | null;
    }>(
      `SELECT email, settings->>'language' AS language, settings->>'timezone' AS timezone
         FROM app_user WHERE id = $1`,
      [userId],
    );
    const organisation = await getOrganisation(tx, organisationId);
    if (alerts.length === 0 || !user || !organisation) return [];
    await tx.query(
      `INSERT INTO alert_delivery (alert_id, user_id) SELECT unnest($1::uuid[]), $2 ON CONFLICT DO NOTHING`,
      [alerts.map((a) => a.id), userId],
    );
    await tx.query(
      'UPDATE alert_mailbox SET last_mailed_at = $3 WHERE user_id = $1 AND organisation_id = $2',
      [userId, organisationId, now],
    );
    const language: MailLanguage = isMailLanguage(user.language) ? user.language : 'en';
    const words = ALERT_MAIL_WORDS[language];
    const timeOf = localTimeIn({ timezone: user.timezone ?? organisation.timezone });
    const lines = alerts.map(
      (a) =>
        `- ${words.line[a.alert_type]({
          machine: a.machine_name ?? '',
          device: a.source_code ?? '',
          time: timeOf(a.at.toISOString()),
          site: a.site_name,
          litres: a.litres,
          minutes: a.minutes,
          note: a.note,
        })}`,
    );
    const link = `${config.publicUrl.replace(/\/$/, '')}/alerts`;
    return queueMail(tx, config, log, [
      {
        to: user.email,
        subject: words.subject(alerts.length, organisation.name),
        body: [words.intro(organisation.name), '', ...lines, '', words.seeAll(link)].join('\n'),
        emailType: 'alerts',
        language,
        brand: await mailBrandOf(tx, organisationId),
      },
    ]);
  }
}
