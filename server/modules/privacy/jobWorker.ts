// Exports and erasures in the background (docs/privacy.md): any api process claims the oldest job
// waiting, does it with its progress written as it goes, and finishes it with the export's file
// or the erasure's signed receipt, mailed to whoever asked. Exports' files go after a week.
import type { ReceiptBody } from '../../../src/domain/api/privacy.ts';
import type { ModuleContext } from '../../context.ts';
import { PollingWorker } from '../../pollingWorker.ts';
import { isMailLanguage, type OutboxLog, sendMail } from '../mail/index.ts';
import { eraseMachinePositions, eraseOrganisation } from './eraseData.ts';
import { eraseUser, type Erased } from './eraseUser.ts';
import { buildExport } from './exportZip.ts';
import { EXPORT_KEPT_MS } from './exportLinks.ts';
import { claimJob, expiredExports, finishJob, type JobRow, recordProgress } from './jobStore.ts';
import { ERASURE_MAIL_WORDS } from './mailWords.ts';
import { signReceipt } from './receipt.ts';

const POLL_MS = 5_000;
/** Expired exports' files are looked for hourly, not at every poll. */
const PRUNE_EVERY_MS = 3_600_000;

type JobContext = Pick<ModuleContext, 'db' | 'config' | 'keys' | 'sessions' | 'files'> & {
  log: OutboxLog & { error(o: object, message: string): void };
};

export class PrivacyJobWorker extends PollingWorker {
  private prunedAtMs = 0;

  constructor(private readonly context: JobContext) {
    super(() => POLL_MS, context.log, 'privacy jobs');
  }

  protected async tick(): Promise<void> {
    const { db, files } = this.context;
    for (;;) {
      const job = await claimJob(db, Date.now());
      if (!job) break;
      try {
        await this.run(job);
      } catch (error) {
        this.context.log.error({ err: error, job: job.id }, 'privacy job failed');
        await finishJob(db, job.id, {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (Date.now() - this.prunedAtMs < PRUNE_EVERY_MS) return;
    this.prunedAtMs = Date.now();
    for (const old of await expiredExports(db, new Date(Date.now() - EXPORT_KEPT_MS)))
      await files.remove(old.file_key);
  }

  private async run(job: JobRow): Promise<void> {
    const { db, files } = this.context;
    const progress = (share: number, step: string) => recordProgress(db, job.id, share, step);
    if (job.kind === 'export') {
      if (!job.organisation_id) throw new Error('the organisation is gone');
      const { bytes } = await buildExport(
        db,
        {
          organisationId: job.organisation_id,
          positionsFrom: new Date(job.request.positionsFrom ?? 0),
          positionsTo: new Date(job.request.positionsTo ?? 0),
          nowMs: Date.now(),
        },
        progress,
      );
      const fileKey = `exports/${job.organisation_id}/${job.id}.zip`;
      await files.put(fileKey, bytes);
      await finishJob(db, job.id, { fileKey, sizeBytes: bytes.length });
      return;
    }
    const erased = await this.erase(job, progress);
    if (!erased) throw new Error('nothing left to erase: it was already gone');
    await this.receipt(job, erased);
  }

  private erase(
    job: JobRow,
    progress: (share: number, step: string) => Promise<void>,
  ): Promise<Erased | undefined> {
    const { request } = job;
    switch (job.kind) {
      case 'erase-user':
        return eraseUser(this.context, request.userId ?? '', progress);
      case 'erase-positions':
        return eraseMachinePositions(
          this.context.db,
          request.machineId ?? '',
          new Date(request.from ?? 0),
          new Date(request.to ?? 0),
        );
      default:
        return eraseOrganisation(this.context, job.organisation_id ?? '', progress);
    }
  }

  /** Signs what was removed, keeps it with the job and mails it to whoever asked. */
  private async receipt(job: JobRow, erased: Erased): Promise<void> {
    const { db, config, keys, log } = this.context;
    const body: ReceiptBody = {
      id: job.id,
      kind: job.kind,
      organisationId: job.kind === 'erase-organisation' ? null : job.organisation_id,
      subject: erased.subject,
      removed: erased.removed,
      requestedAt: new Date(job.created_at).toISOString(),
      completedAt: new Date().toISOString(),
      issuer: config.publicUrl,
    };
    const receipt = await signReceipt(keys, body);
    await finishJob(db, job.id, { receipt });
    const [requester] = await db.query<{ email: string; language: string | null }>(
      `SELECT email, settings->>'language' AS language FROM app_user WHERE id = $1`,
      [job.requested_by],
    );
    if (!requester) return;
    const words =
      ERASURE_MAIL_WORDS[isMailLanguage(requester.language) ? requester.language : 'en'];
    await sendMail(db, config, log, [
      {
        to: requester.email,
        subject: words.subject,
        body: words.body(
          JSON.stringify(receipt, null, 2),
          `${config.publicUrl.replace(/\/$/, '')}/v1/privacy/keys`,
        ),
      },
    ]);
  }
}
