// The webhook worker: announces the hires whose start or end has come, then posts the deliveries
// that are due, a batch at a time and several at once, records each attempt, and switches off a
// subscription whose delivery failed for a day, mailing the organisation's admins. Any number of
// api processes may run it: a delivery is leased to the one that claimed it.
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { PollingWorker } from '../../pollingWorker.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import { isMailLanguage, type OutboxLog, sendMail } from '../mail/index.ts';
import {
  type Attempted,
  claimDue,
  claimOne,
  type DueDelivery,
  pruneDeliveries,
  recordAttempts,
} from './deliveries.ts';
import { announceHires } from './hires.ts';
import { WEBHOOK_MAIL_WORDS } from './mailWords.ts';
import { type AttemptResult, postWebhook } from './send.ts';

export interface WebhookWorkerContext {
  db: Database;
  config: Pick<
    Config,
    | 'smtpUrl'
    | 'mailFrom'
    | 'publicUrl'
    | 'webhookPollMs'
    | 'webhookTimeoutMs'
    | 'webhookAllowPrivate'
  >;
  log: OutboxLog;
}

/** Claimed together; posted CONCURRENCY at a time. */
const BATCH = 200;
const CONCURRENCY = 32;
/** A pass ends after this many batches, so that a huge backlog does not hold it forever. */
const MAX_BATCHES = 50;
const PRUNE_EVERY_MS = 3_600_000;

export class WebhookWorker extends PollingWorker {
  private prunedAtMs = 0;

  constructor(private readonly context: WebhookWorkerContext) {
    super(() => context.config.webhookPollMs, context.log, 'webhook worker');
  }

  protected tick(): Promise<void> {
    return this.run(Date.now());
  }

  /** Everything due at `nowMs`: hires announced, deliveries posted, old logs pruned. */
  async run(nowMs: number): Promise<void> {
    const { db } = this.context;
    const now = new Date(nowMs);
    await announceHires(db, nowMs);
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const due = await claimDue(db, now, BATCH);
      if (due.length > 0) await this.attempt(due, now);
      if (due.length < BATCH) break;
    }
    if (nowMs - this.prunedAtMs >= PRUNE_EVERY_MS) {
      this.prunedAtMs = nowMs;
      await pruneDeliveries(db, now);
    }
  }

  /** Posts one delivery now (a test send), whatever its schedule; null when there is none. */
  async attemptNow(deliveryId: string, nowMs: number): Promise<AttemptResult | null> {
    const now = new Date(nowMs);
    const delivery = await claimOne(this.context.db, deliveryId, now);
    if (!delivery) return null;
    const [attempted] = await this.attempt([delivery], now);
    return attempted?.result ?? null;
  }

  private async attempt(due: DueDelivery[], now: Date): Promise<Attempted[]> {
    const { config } = this.context;
    const attempted: Attempted[] = [];
    let next = 0;
    const lane = async () => {
      for (let delivery = due[next++]; delivery; delivery = due[next++]) {
        const result = await postWebhook(
          delivery.url,
          delivery.secret,
          { id: delivery.event_id, body: delivery.body },
          { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.webhookTimeoutMs },
        );
        attempted.push({ delivery, result });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, lane));
    const failing = await recordAttempts(this.context.db, attempted, now);
    for (const subscriptionId of failing) await this.switchOff(subscriptionId, attempted);
    return attempted;
  }

  /** A delivery failed for good: the subscription goes off and its organisation's admins hear. */
  private async switchOff(subscriptionId: string, attempted: Attempted[]): Promise<void> {
    const { db, config, log } = this.context;
    const [off] = await db.query<{ organisation_id: string; url: string }>(
      `UPDATE webhook_subscription SET enabled = false, disabled_reason = 'failing',
              disabled_at = now(), updated_at = now()
        WHERE id = $1 AND enabled RETURNING organisation_id, url`,
      [subscriptionId],
    );
    if (!off) return;
    const organisation = await getOrganisation(db, off.organisation_id);
    if (!organisation) return;
    const error =
      attempted.find((a) => a.delivery.subscription_id === subscriptionId)?.result.error ?? '';
    log.info({ subscriptionId, url: off.url, error }, 'webhook switched off after failing');
    const admins = await db.query<{ email: string; language: string | null }>(
      `SELECT u.email, u.settings->>'language' AS language
         FROM membership m JOIN app_user u ON u.id = m.user_id
        WHERE m.organisation_id = $1 AND m.role = 'admin' AND m.state = 'active'`,
      [off.organisation_id],
    );
    const link = `${config.publicUrl.replace(/\/$/, '')}/organisation/integrations`;
    await sendMail(
      db,
      config,
      log,
      admins.map((admin) => {
        const words = WEBHOOK_MAIL_WORDS[isMailLanguage(admin.language) ? admin.language : 'en'];
        return {
          to: admin.email,
          subject: words.subject(organisation.name),
          body: words.body(off.url, error, link),
        };
      }),
    );
  }
}
