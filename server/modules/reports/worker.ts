// The report worker: plans the runs of scheduled reports whose slot has come, makes the report
// files people asked for, and makes and mails the scheduled runs. Everything it does is claimed in
// the database first (FOR UPDATE SKIP LOCKED, with a lease), so with several server processes each
// file and each slot is made once; a process that dies mid-run leaves a lease that runs out, and
// the next process makes it again. A run's mails are written to the outbox in the same transaction
// that marks it sent, so it is sent once. A failed run is tried again with backoff.
import type { ReadModel } from '../../readModel/readModel.ts';
import type { ReportRequest } from '../../../src/domain/api/reports.ts';
import { reportRange } from '../../../src/domain/reportRange.ts';
import { zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import {
  deliverMail,
  isMailLanguage,
  type Mail,
  type MailLanguage,
  type OutboxLog,
  queueMail,
} from '../mail/index.ts';
import type { KeyRing } from '../../security/signingKeys.ts';
import { mailBrandOf } from '../brand/index.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import { allowScheduledRun, OVER_MAIL_CAP } from '../mailCaps/index.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import { makeReport, type Progress } from './build.ts';
import { rangeText, REPORT_MAIL_WORDS } from './mailWords.ts';
import { formatDate, formatDateTime } from '../../../src/domain/format.ts';
import { userLanguage } from '../accounts/index.ts';
import { nextSlotOf, type ScheduleRow, slotRuleOf } from './schedules.ts';
import { signReportFileLink } from './signedLinks.ts';
import { reportDayOf } from './slots.ts';
import { PollingWorker } from '../../pollingWorker.ts';
import { reportRuns } from '../../observability/metrics.ts';

/** How long a claim holds before another process may take the work over. */
const LEASE_MS = 10 * 60_000;
/** Tries of a scheduled run before it shows as failed; the waits between them grow fourfold. */
export const MAX_RUN_ATTEMPTS = 4;
const backoffMs = (attempts: number) => 60_000 * 4 ** (attempts - 1);
/** Missed slots (the server was down) made up for at most, per schedule. */
const MAX_MISSED_SLOTS = 31;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

export interface ReportWorkerContext {
  db: Database;
  /** The figures reports share with the list and the dashboard. */
  readModel: ReadModel;
  files: FileStorage;
  keys: KeyRing;
  config: Pick<
    Config,
    | 'smtpUrl'
    | 'mailFrom'
    | 'publicUrl'
    | 'reportAttachmentMaxBytes'
    | 'reportLinkTtlS'
    | 'reportPollMs'
    | 'mailCaps'
  >;
  log: OutboxLog;
}

interface FileRow {
  id: string;
  organisation_id: string;
  user_id: string | null;
  request: ReportRequest;
}

interface RunRow {
  id: string;
  schedule_id: string;
  slot_at: Date;
  trigger: 'slot' | 'now';
  attempts: number;
}

const fileKey = (organisationId: string, name: string) => `reports/${organisationId}/${name}`;

/** The run's mail to each recipient: the report attached, or a link while it works. */
function runMails(
  recipients: { email: string; language: MailLanguage }[],
  run: {
    scheduleName: string;
    organisationName: string;
    range: { start: string; end: string };
    link: { href: string; untilMs: number } | null;
    brand: Mail['brand'] | null;
    attachment: { key: string; name: string } | null;
    heldBack: ReadonlySet<string>;
  },
): Mail[] {
  const { scheduleName, organisationName, link, brand, attachment } = run;
  return recipients.map(({ email, language }) => {
    const words = REPORT_MAIL_WORDS[language];
    // Days and times the reader's way, as the portal's screens show them.
    const range = rangeText(
      formatDate(run.range.start, language),
      formatDate(run.range.end, language),
    );
    return {
      to: email,
      subject: words.subject(scheduleName, range),
      body: link
        ? words.linked(
            scheduleName,
            organisationName,
            range,
            link.href,
            `${formatDateTime(link.untilMs, language, 'UTC')} UTC`,
          )
        : words.attached(scheduleName, organisationName, range),
      emailType: 'reports',
      language,
      ...(brand ? { brand } : {}),
      ...(attachment ? { attachment } : {}),
      ...(run.heldBack.has(email) ? { heldBack: OVER_MAIL_CAP } : {}),
    };
  });
}

export class ReportWorker extends PollingWorker {
  constructor(private readonly context: ReportWorkerContext) {
    super(() => context.config.reportPollMs, context.log, 'report worker');
  }

  /** Everything due at `now`: slots planned, then files and runs made until none is waiting. */
  override async tick(now = new Date()): Promise<void> {
    await this.planSlots(now);
    for (let file = await this.claimFile(now); file; file = await this.claimFile(now)) {
      await this.makeFile(file, now);
    }
    for (let run = await this.claimRun(now); run; run = await this.claimRun(now)) {
      await this.makeRun(run, now);
    }
  }

  /** Each schedule whose slot has come gets a run per slot (up to MAX_MISSED_SLOTS), then its next slot. */
  private async planSlots(now: Date): Promise<void> {
    const { db } = this.context;
    await db.transaction(async (tx) => {
      const due = await tx.query<ScheduleRow>(
        `SELECT * FROM report_schedule WHERE NOT paused AND next_run_at <= $1
          ORDER BY next_run_at LIMIT 100 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      for (const schedule of due) {
        let slot: Date | null = schedule.next_run_at;
        for (let made = 0; slot && slot <= now; made++) {
          if (made < MAX_MISSED_SLOTS) {
            await tx.query(
              `INSERT INTO report_run (schedule_id, slot_at, trigger, next_attempt_at)
               VALUES ($1, $2, 'slot', $2) ON CONFLICT (schedule_id, slot_at) DO NOTHING`,
              [schedule.id, slot],
            );
          }
          slot = await nextSlotOf(tx, schedule, slot);
        }
        await tx.query('UPDATE report_schedule SET next_run_at = $2 WHERE id = $1', [
          schedule.id,
          slot,
        ]);
      }
    });
  }

  private async claimFile(now: Date): Promise<FileRow | undefined> {
    const [row] = await this.context.db.query<FileRow>(
      `UPDATE report_file SET status = 'running', started_at = coalesce(started_at, $1),
              lease_until = $1::timestamptz + make_interval(secs => $2)
        WHERE id = (SELECT id FROM report_file
                     WHERE status = 'queued' OR (status = 'running' AND lease_until < $1)
                     ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, organisation_id, user_id, request`,
      [now, LEASE_MS / 1000],
    );
    return row;
  }

  private async claimRun(now: Date): Promise<RunRow | undefined> {
    const [row] = await this.context.db.query<RunRow>(
      `UPDATE report_run SET status = 'running', attempts = attempts + 1,
              lease_until = $1::timestamptz + make_interval(secs => $2)
        WHERE id = (SELECT id FROM report_run
                     WHERE (status = 'queued' AND next_attempt_at <= $1)
                        OR (status = 'running' AND lease_until < $1)
                     ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, schedule_id, slot_at, trigger, attempts`,
      [now, LEASE_MS / 1000],
    );
    return row;
  }

  /** Writes progress now and then, and keeps the lease while the work goes on. */
  private progressOf(id: string, now: Date): Progress {
    const startedMs = Date.now();
    let writtenMs = 0;
    return async (done, total) => {
      if (Date.now() - writtenMs < PROGRESS_EVERY_MS && done < total) return;
      writtenMs = Date.now();
      const leaseUntil = new Date(now.getTime() + (Date.now() - startedMs) + LEASE_MS);
      await this.context.db.query(
        `UPDATE report_file SET machines_done = $2, machines_total = $3, lease_until = $4 WHERE id = $1`,
        [id, done, total, leaseUntil],
      );
    };
  }

  /** The language of whoever asked for a report: its PDF shows figures and days their way. */
  private async languageOf(userId: string | null): Promise<string> {
    return (userId ? await userLanguage(this.context.db, userId) : undefined) ?? 'en';
  }

  private async makeFile(file: FileRow, now: Date): Promise<void> {
    const { db, files, log } = this.context;
    try {
      const organisation = await getOrganisation(db, file.organisation_id);
      if (!organisation) throw new Error('the organisation is gone');
      const made = await makeReport(
        this.context.readModel,
        files,
        organisation,
        file.request,
        this.progressOf(file.id, now),
        await this.languageOf(file.user_id),
      );
      const key = fileKey(organisation.id, `${file.id}.${file.request.format}`);
      await files.put(key, made.bytes);
      const kept = await db.query(
        `UPDATE report_file SET status = 'done', file_key = $2, file_name = $3, size_bytes = $4,
                machines_done = coalesce(machines_total, 0), finished_at = $5, lease_until = NULL
          WHERE id = $1 RETURNING id`,
        [file.id, key, made.fileName, made.bytes.length, new Date()],
      );
      // Deleted while it was made: the file goes too.
      if (kept.length === 0) await files.remove(key);
      reportRuns.inc({ outcome: 'done' });
    } catch (error) {
      reportRuns.inc({ outcome: 'failed' });
      log.error({ err: error, reportFileId: file.id }, 'report file could not be made');
      await db.query(
        `UPDATE report_file SET status = 'failed', error = $2, finished_at = $3, lease_until = NULL
          WHERE id = $1`,
        [file.id, reasonOf(error), new Date()],
      );
    }
  }

  private async makeRun(run: RunRow, now: Date): Promise<void> {
    const { db, files, log, config, keys } = this.context;
    const [schedule] = await db.query<ScheduleRow>('SELECT * FROM report_schedule WHERE id = $1', [
      run.schedule_id,
    ]);
    if (!schedule) return;
    try {
      const organisation = await getOrganisation(db, schedule.organisation_id);
      if (!organisation) throw new Error('the organisation is gone');
      const day =
        run.trigger === 'now'
          ? zonedDate(run.slot_at, schedule.timezone)
          : reportDayOf(run.slot_at, slotRuleOf(schedule));
      const request: ReportRequest = {
        type: schedule.report_type,
        format: schedule.format,
        ...reportRange(schedule.date_range, day),
        ...(schedule.filter ? { filter: schedule.filter } : {}),
        ...(schedule.site_id ? { site: schedule.site_id } : {}),
      };
      let machines = 0;
      const made = await makeReport(
        this.context.readModel,
        files,
        organisation,
        request,
        async (_done, total) => void (machines = total),
        // One file goes to everyone: in the language of whoever set the schedule up.
        await this.languageOf(schedule.created_by),
      );
      const key = fileKey(organisation.id, `run-${run.id}.${request.format}`);
      await files.put(key, made.bytes);

      const recipients = await recipientsOf(db, schedule);
      // A run asked for now was counted against the mail caps when asked; a scheduled one is
      // counted here, and its outside recipients beyond the caps are held back.
      const outside = recipients.filter((recipient) => recipient.outside);
      const outsideAllowed =
        run.trigger === 'now'
          ? outside.length
          : await allowScheduledRun(db, config.mailCaps, organisation.id, {
              members: recipients.length - outside.length,
              outside: outside.length,
            });
      const heldBack = new Set(outside.slice(outsideAllowed).map((recipient) => recipient.email));
      const brand = await mailBrandOf(db, organisation.id);
      const queued = await db.transaction(async (tx) => {
        // Taken over by another process after our lease ran out: theirs is the run now.
        const [mine] = await tx.query(
          `SELECT 1 FROM report_run WHERE id = $1 AND status = 'running' AND attempts = $2 FOR UPDATE`,
          [run.id, run.attempts],
        );
        if (!mine) return [];
        const [stored] = await tx.query<{ id: string }>(
          `INSERT INTO report_file (organisation_id, report_type, format, request, status,
                                    machines_done, machines_total, file_key, file_name, size_bytes,
                                    started_at, finished_at)
           VALUES ($1, $2, $3, $4, 'done', $5, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            organisation.id,
            request.type,
            request.format,
            JSON.stringify(request),
            machines,
            key,
            made.fileName,
            made.bytes.length,
            now,
            new Date(),
          ],
        );
        const fileId = (stored as { id: string }).id;
        const attach = made.bytes.length <= config.reportAttachmentMaxBytes;
        const untilMs = Date.now() + config.reportLinkTtlS * 1000;
        const link = attach
          ? null
          : `${config.publicUrl.replace(/\/$/, '')}/v1/reports/download?token=${await signReportFileLink(
              keys,
              { organisationId: organisation.id, fileId },
              config.reportLinkTtlS,
            )}`;
        const mails = runMails(recipients, {
          scheduleName: schedule.name,
          organisationName: organisation.name,
          range: { start: request.start, end: request.end },
          link: link ? { href: link, untilMs } : null,
          brand,
          attachment: attach ? { key, name: made.fileName } : null,
          heldBack,
        });
        const written = await queueMail(tx, config, log, mails);
        await tx.query(
          `UPDATE report_run SET status = 'sent', report_file_id = $2, recipients = $3::text[],
                  finished_at = $4, lease_until = NULL, error = NULL
            WHERE id = $1`,
          [run.id, fileId, recipients.map((r) => r.email), new Date()],
        );
        return written;
      });
      deliverMail(db, config, log, queued, files);
    } catch (error) {
      log.error({ err: error, reportRunId: run.id }, 'scheduled report failed');
      // A report refused for its selection (400) fails the same way every time: no retry.
      const last =
        run.attempts >= MAX_RUN_ATTEMPTS || (error instanceof HttpError && error.statusCode < 500);
      await db.query(
        `UPDATE report_run SET status = $2, error = $3, lease_until = NULL,
                next_attempt_at = $4, finished_at = CASE WHEN $2 = 'failed' THEN $5::timestamptz END
          WHERE id = $1 AND attempts = $6`,
        [
          run.id,
          last ? 'failed' : 'queued',
          reasonOf(error),
          new Date(now.getTime() + backoffMs(run.attempts)),
          new Date(),
          run.attempts,
        ],
      );
    }
  }
}

const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);

/** The schedule's members who still belong to the organisation, in their language, and the outside addresses. */
async function recipientsOf(
  db: Queryable,
  schedule: ScheduleRow,
): Promise<{ email: string; language: MailLanguage; outside: boolean }[]> {
  const members = await db.query<{ email: string; language: string | null }>(
    `SELECT u.email, u.settings->>'language' AS language FROM app_user u
       JOIN membership m ON m.user_id = u.id AND m.organisation_id = $1
      WHERE u.id = ANY($2::uuid[])`,
    [schedule.organisation_id, schedule.recipient_user_ids],
  );
  const seen = new Set<string>();
  const all = [
    ...members.map((m) => ({
      email: m.email.toLowerCase(),
      language: isMailLanguage(m.language) ? m.language : ('en' as const),
      outside: false,
    })),
    ...schedule.recipient_emails.map((email) => ({
      email,
      language: 'en' as const,
      outside: true,
    })),
  ];
  return all.filter(({ email }) => !seen.has(email) && Boolean(seen.add(email)));
}
