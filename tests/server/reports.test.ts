// Reports through HTTP on both databases: report files made in the background with their progress,
// each type's figures equal to the machine list's for the same range, categories limiting who may
// run what, a report opened as a page by its token, and scheduled reports run now, mailed with
// their file attached or linked, sent once across a restart, and retried with backoff.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from '../../server/documents/contentTypes.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import {
  REPORT_FORMATS,
  REPORT_TYPES,
  type ReportFile,
  type ReportRequest,
  type ReportSchedule,
  type ReportView,
  type UserReportsReply,
} from '../../src/domain/api/reports.ts';
import { loadKeyRing } from '../../server/security/signingKeys.ts';
import { directoryStorage, type FileStorage } from '../../server/storage/fileStorage.ts';
import { OVER_MAIL_CAP } from '../../server/modules/mailCaps/index.ts';
import { ReportWorker, MAX_RUN_ATTEMPTS } from '../../server/modules/reports/worker.ts';
import { readOutbox } from '../../server/modules/mail/outbox.ts';
import { parseCsv } from '../support/csv.ts';
import { demoMachines, engineRun, sendRecords } from '../support/fleet.ts';
import { newClientToken } from '../support/apiClients.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

// Fixture days: Monday 2 and Tuesday 3 November 2026; London is on UTC then.
const START = '2026-11-02';
const END = '2026-11-03';
/** The engine on from 06:00 to 19:30 (outside the day shift at both ends), a record a minute. */
const longDay = (day: string) => engineRun(`${day}T06:00:00Z`, 810);

describeServer('reports', {}, (fixture) => {
  let admin: string;
  let viewer: string;
  let machineName: string;
  /** Its asset id: the demo has several machines of its name. */
  let assetId: string;
  let files: FileStorage;

  beforeAll(async () => {
    const demo = await demoMachines(fixture.server);
    for (const day of [START, END]) await sendRecords(fixture.server, demo.sourceId, longDay(day));
    const [machine] = await fixture.server.db.query<{ name: string; asset_id: string }>(
      'SELECT name, asset_id FROM machine WHERE id = $1',
      [demo.machineId],
    );
    machineName = machine?.name ?? '';
    assetId = machine?.asset_id ?? '';
    admin = (await signIn(fixture.server)).token;
    viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
    files = directoryStorage(fixture.server.config.filesDir);
  });

  const request = (
    type: ReportRequest['type'],
    format: ReportRequest['format'] = 'csv',
  ): ReportRequest => ({
    type,
    format,
    start: START,
    end: END,
  });

  /** Asks for a report file and waits for the worker to make it. */
  async function madeFile(body: ReportRequest, token = admin): Promise<ReportFile> {
    const queued = await call<ReportFile>(fixture.server, 'POST', '/v1/portal/reports/files', {
      token,
      body,
    });
    expect(queued.status).toBe(202);
    for (let i = 0; i < 600; i++) {
      const file = await call<ReportFile>(
        fixture.server,
        'GET',
        `/v1/portal/reports/files/${queued.body.id}`,
        {
          token,
        },
      );
      if (file.body.status === 'done' || file.body.status === 'failed') return file.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the report file was never made');
  }

  const download = (id: string, token = admin) =>
    fetch(`${fixture.server.url}/v1/portal/reports/files/${id}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });

  const csvRows = async (file: ReportFile) => parseCsv(await (await download(file.id)).text());

  it('makes every report type as CSV, XLSX and PDF in the background', async () => {
    for (const type of REPORT_TYPES) {
      for (const format of REPORT_FORMATS) {
        const file = await madeFile(request(type, format));
        expect(file, `${type} ${format}`).toMatchObject({ status: 'done', percent: 100 });
        const response = await download(file.id);
        expect(response.status).toBe(200);
        const bytes = Buffer.from(await response.arrayBuffer());
        if (format === 'pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        else if (format === 'xlsx') {
          // A workbook is a zip: its first sheet names the report, the next hold its sections.
          expect(bytes.subarray(0, 2).toString()).toBe('PK');
          expect(response.headers.get('content-type')).toBe(CONTENT_TYPES.xlsx);
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
          expect(workbook.worksheets.length, type).toBeGreaterThan(1);
        } else expect(bytes.toString('utf8').startsWith('\uFEFF')).toBe(true);
      }
    }
  });

  it('gives the fleet utilisation of each machine as the machine list does, rounded to 5 minutes', async () => {
    const list = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=${START}&end=${END}&show=all`,
      { token: admin },
    );
    const row = list.body.machines.find((m) => m.assetID === assetId);
    const rows = await csvRows(await madeFile(request('fleet-utilisation')));
    const header = rows[1] as string[];
    const mine = rows.find((r) => r[0] === machineName && r[1] === assetId) as string[];
    const cell = (heading: string) => Number(mine[header.indexOf(heading)]);
    const rounded = (hours: number | null | undefined) =>
      ((Math.round(((hours ?? 0) * 60) / 5) * 5) / 60).toFixed(2);
    expect(rows[0]).toEqual(['Machines']);
    expect(cell('Active (h)').toFixed(2)).toBe(rounded(row?.activitySummary.activeHours.value));
    expect(cell('Idle (h)').toFixed(2)).toBe(rounded(row?.activitySummary.idleHours.value));
    expect(cell('Out of hours (h)').toFixed(2)).toBe(
      rounded(row?.activitySummary.outOfHours.value),
    );
    expect(cell('Active (h)')).toBeGreaterThan(20);
    // The categories follow the machines, under their own heading.
    expect(rows.some((r) => r[0] === 'Categories')).toBe(true);
  });

  it("lists each out-of-hours session, whose durations add up to the list's out-of-hours hours", async () => {
    const list = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=${START}&end=${END}&show=all`,
      { token: admin },
    );
    const outOfHours = list.body.machines.find((m) => m.assetID === assetId)?.activitySummary
      .outOfHours.value;
    const rows = await csvRows(await madeFile(request('out-of-hours')));
    const sessions = rows.filter((r) => r[0] === machineName && r.length === 6);
    // Early and late on each day: four sessions.
    expect(sessions.map((s) => s[3]?.slice(0, 10))).toEqual([START, START, END, END]);
    const total = sessions.reduce((sum, s) => sum + Number(s[5]), 0);
    expect(Math.abs(total - (outOfHours ?? 0))).toBeLessThan(0.1);
  });

  it('lets a member run only the reports of their categories', async () => {
    const [viewerRow] = await fixture.server.db.query<{ id: string }>(
      "SELECT id FROM app_user WHERE email = 'viewer@demo.example'",
    );
    const viewerId = viewerRow?.id ?? '';
    const categories = await call(fixture.server, 'GET', '/v1/admin/reports/categories', {
      token: admin,
    });
    expect(categories.status).toBe(200);
    const put = await call(fixture.server, 'PUT', `/v1/admin/user/${viewerId}/reports/categories`, {
      token: admin,
      body: { categoryIds: ['fuel'] },
    });
    expect(put.status).toBe(200);
    expect(
      (
        await call(fixture.server, 'PUT', `/v1/admin/user/${viewerId}/reports/categories`, {
          token: viewer,
          body: { categoryIds: ['fuel', 'utilisation'] },
        })
      ).status,
    ).toBe(403);
    const mine = await call<UserReportsReply>(fixture.server, 'GET', '/v1/user/reports', {
      token: viewer,
    });
    expect(mine.body.reportsList).toEqual([
      { id: 'fuel-co2', category: 'fuel', url: '/mm-reports?report=fuel-co2' },
    ]);
    const refused = await call(fixture.server, 'POST', '/v1/portal/reports/files', {
      token: viewer,
      body: request('fleet-utilisation'),
    });
    expect(refused.status).toBe(403);
    expect((await madeFile(request('fuel-co2'), viewer)).status).toBe('done');
    // The viewer sees their own file, not the admin's.
    const theirs = await call<ReportFile[]>(fixture.server, 'GET', '/v1/portal/reports/files', {
      token: viewer,
    });
    expect(theirs.body.map((f) => f.type)).toEqual(['fuel-co2']);
    expect(
      (
        await call(fixture.server, 'GET', `/v1/user/reports/fleet-utilisation/token`, {
          token: viewer,
        })
      ).status,
    ).toBe(403);
  });

  it('opens a report as a page by its token, with the figures of its file', async () => {
    const token = await call<{ token: string }>(
      fixture.server,
      'GET',
      '/v1/user/reports/fleet-utilisation/token',
      { token: admin },
    );
    expect(token.status).toBe(200);
    const view = await call<ReportView>(
      fixture.server,
      'GET',
      `/v1/reports/view?token=${token.body.token}&start=${START}&end=${END}`,
    );
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const machines = view.body.sections[0];
    const rows = await csvRows(await madeFile(request('fleet-utilisation')));
    const fromFile = rows.find((r) => r[0] === machineName && r[1] === assetId) as string[];
    const fromView = machines?.rows.find((r) => r[0] === machineName && r[1] === assetId) ?? [];
    expect(fromView.map((cell) => (cell === null ? '' : String(cell)))).toEqual(
      fromFile.map((cell) =>
        cell === '' ? '' : String(Number.isNaN(Number(cell)) ? cell : Number(cell)),
      ),
    );
    // An access token is no report token, and a report token is no access token.
    expect(
      (
        await call(
          fixture.server,
          'GET',
          `/v1/reports/view?token=${admin}&start=${START}&end=${END}`,
        )
      ).status,
    ).toBe(401);
    expect(
      (await call(fixture.server, 'GET', '/v1/portal/reports/files', { token: token.body.token }))
        .status,
    ).toBe(401);
  });

  it('refuses bad requests with the field named', async () => {
    const backwards = await call<{ field: string }>(
      fixture.server,
      'POST',
      '/v1/portal/reports/files',
      {
        token: admin,
        body: { ...request('idle'), start: END, end: START },
      },
    );
    expect(backwards).toMatchObject({ status: 400, body: { field: 'end' } });
    const tooLong = await call<{ field: string }>(
      fixture.server,
      'POST',
      '/v1/portal/reports/files',
      {
        token: admin,
        body: { ...request('routes'), start: '2026-09-01', end: '2026-11-03' },
      },
    );
    expect(tooLong).toMatchObject({ status: 400, body: { field: 'end' } });
    // A filter the machine list cannot read is refused now, not failed in the background later.
    for (const filter of ['colour:red', 'site:not-an-id', 'signalValue:loud', 'oem']) {
      const refused = await call(fixture.server, 'POST', '/v1/portal/reports/files', {
        token: admin,
        body: { ...request('idle'), filter },
      });
      expect(refused, filter).toMatchObject({ status: 400, body: { field: 'filter' } });
      const scheduled = await call(fixture.server, 'POST', '/v1/portal/reports/schedules', {
        token: admin,
        body: {
          name: 'Filtered',
          type: 'idle',
          format: 'csv',
          frequency: 'daily',
          dateRange: 'yesterday',
          weekdays: [1],
          hour: 7,
          extraMinutes: 0,
          timezone: 'Europe/London',
          recipientUserIds: [],
          recipientEmails: [],
          filter,
        },
      });
      expect(scheduled, filter).toMatchObject({ status: 400, body: { field: 'filter' } });
    }
  });

  describe('scheduled reports', () => {
    const schedule = (extra: Partial<ReportSchedule> = {}) => ({
      name: 'Morning utilisation',
      type: 'fleet-utilisation',
      format: 'csv',
      frequency: 'daily',
      dateRange: 'yesterday',
      weekdays: [1, 2, 3, 4, 5],
      hour: 7,
      extraMinutes: 0,
      timezone: 'Europe/London',
      recipientUserIds: [],
      recipientEmails: ['site.manager@example.com'],
      ...extra,
    });

    async function worker(storage: FileStorage = files) {
      return new ReportWorker({
        db: fixture.server.db,
        readModel: fixture.server.readModel,
        files: storage,
        keys: await loadKeyRing(fixture.server.db),
        config: { ...fixture.server.config, reportPollMs: 0 },
        log: { info: () => undefined, error: () => undefined },
      });
    }
    // The server's own worker, woken by the calls, is done before a test's worker takes over.
    beforeEach(() => fixture.server.app.reports.idle());
    /** A schedule made through the API; the server's worker it wakes is let finish. */
    async function postSchedule(body: ReturnType<typeof schedule>) {
      const created = await call<ReportSchedule>(
        fixture.server,
        'POST',
        '/v1/portal/reports/schedules',
        {
          token: admin,
          body,
        },
      );
      expect(created.status).toBe(201);
      await fixture.server.app.reports.idle();
      return created;
    }
    const mailsTo = async (to: string) =>
      (await readOutbox(fixture.server.db, 500)).filter((mail) => mail.to === to);

    it('creates, edits, pauses and runs a schedule now: the mail carries the file', async () => {
      const created = await call<ReportSchedule>(
        fixture.server,
        'POST',
        '/v1/portal/reports/schedules',
        {
          token: admin,
          body: schedule({ recipientEmails: ['now@example.com'] }),
        },
      );
      expect(created.status).toBe(201);
      expect(created.body.nextRunAt).not.toBeNull();
      const paused = await call<ReportSchedule>(
        fixture.server,
        'PUT',
        `/v1/portal/reports/schedules/${created.body.id}`,
        { token: admin, body: schedule({ recipientEmails: ['now@example.com'], paused: true }) },
      );
      expect(paused.body).toMatchObject({ paused: true, nextRunAt: null });
      const run = await call(
        fixture.server,
        'POST',
        `/v1/portal/reports/schedules/${created.body.id}/run`,
        {
          token: admin,
        },
      );
      expect(run.status).toBe(202);
      // The server's own worker makes it at once.
      const runs = async () =>
        (
          await call<{ status: string }[]>(
            fixture.server,
            'GET',
            `/v1/portal/reports/schedules/${created.body.id}/runs`,
            { token: admin },
          )
        ).body.map((r) => r.status);
      for (let i = 0; i < 300 && (await runs())[0] !== 'sent'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await runs()).toEqual(['sent']);
      const [mail] = await mailsTo('now@example.com');
      expect(mail?.attachmentName).toMatch(/^fleet-utilisation-.*\.csv$/);
      expect(mail?.body).toMatch(/unsubscribe/i);
      // A BI tool's client with reports:read reads the organisation's scheduled files.
      const bi = await newClientToken(fixture.server, admin, {
        name: 'BI tool',
        scopes: ['reports:read'],
      });
      const files = await call<{ id: string; status: string; reportType: string }[]>(
        fixture.server,
        'GET',
        '/v1/portal/reports/files?filter={"type":"fleet-utilisation"}',
        { token: bi },
      );
      expect(files.status, JSON.stringify(files.body)).toBe(200);
      const done = files.body.find((file) => file.status === 'done');
      expect(done).toBeDefined();
      const download = await fetch(
        `${fixture.server.url}/v1/portal/reports/files/${done?.id ?? ''}/download`,
        { headers: { authorization: `Bearer ${bi}` } },
      );
      expect(download.status).toBe(200);
      expect(await download.text()).toContain(',');
      const request = await call(fixture.server, 'POST', '/v1/portal/reports/files', {
        token: bi,
        body: {
          type: 'fleet-utilisation',
          format: 'csv',
          startDate: '2026-11-01',
          endDate: '2026-11-02',
        },
      });
      expect(request.status).toBe(403);
      expect(
        (
          await call(fixture.server, 'POST', '/v1/portal/reports/schedules', {
            token: viewer,
            body: schedule(),
          })
        ).status,
      ).toBe(403);
    });

    it('links a file too large to attach, and the link downloads it without signing in', async () => {
      const created = await postSchedule(
        schedule({ recipientEmails: ['link@example.com'], paused: true }),
      );
      // Queued here rather than by run now, so that this worker, not the server's, makes it.
      await fixture.server.db.query(
        `INSERT INTO report_run (schedule_id, slot_at, trigger) VALUES ($1, now(), 'now')`,
        [created.body.id],
      );
      const small = new ReportWorker({
        db: fixture.server.db,
        readModel: fixture.server.readModel,
        files,
        keys: await loadKeyRing(fixture.server.db),
        config: { ...fixture.server.config, reportPollMs: 0, reportAttachmentMaxBytes: 10 },
        log: { info: () => undefined, error: () => undefined },
      });
      await small.tick();
      const [mail] = await mailsTo('link@example.com');
      expect(mail?.attachmentName).toBeNull();
      const link = /(https?:\/\/\S+\/v1\/reports\/download\?token=\S+)/.exec(mail?.body ?? '')?.[1];
      expect(link).toBeDefined();
      const response = await fetch(
        `${fixture.server.url}${new URL(link ?? '').pathname}${new URL(link ?? '').search}`,
      );
      expect(response.status).toBe(200);
      expect(parseCsv(await response.text())[0]).toEqual(['Machines']);
      expect((await fetch(`${fixture.server.url}/v1/reports/download?token=forged`)).status).toBe(
        401,
      );
    });

    it('runs each slot once: a run whose process died is made again and sent once', async () => {
      const created = await postSchedule(
        schedule({ recipientEmails: ['once@example.com'], paused: true }),
      );
      // A slot claimed by a process that died before it mailed: its lease ran out.
      const slot = new Date('2026-11-03T07:00:00Z');
      await fixture.server.db.query(
        `INSERT INTO report_run (schedule_id, slot_at, trigger, status, attempts, lease_until)
         VALUES ($1, $2, 'slot', 'running', 1, $2)`,
        [created.body.id, slot],
      );
      const at = new Date(slot.getTime() + 30 * 60_000);
      await (await worker()).tick(at);
      await (await worker()).tick(at);
      const mails = await mailsTo('once@example.com');
      expect(mails).toHaveLength(1);
      // Yesterday, as seen from the slot's day.
      expect(mails[0]?.subject).toBe('Morning utilisation: 02-11-2026');
    });

    it('holds back a scheduled run’s outside recipients beyond the organisation’s mail cap', async () => {
      const created = await postSchedule(
        schedule({
          recipientEmails: ['cap.a@example.com', 'cap.b@example.com', 'cap.c@example.com'],
          paused: true,
        }),
      );
      const [used] = await fixture.server.db.query<{ outside: number }>(
        `SELECT coalesce(sum(outside), 0)::int AS outside FROM mail_cap_use
          WHERE organisation_id = (SELECT organisation_id FROM report_schedule WHERE id = $1)
            AND at > now() - interval '1 day'`,
        [created.body.id],
      );
      const slot = new Date('2026-11-03T07:00:00Z');
      await fixture.server.db.query(
        `INSERT INTO report_run (schedule_id, slot_at, trigger, next_attempt_at) VALUES ($1, $2, 'slot', $2)`,
        [created.body.id, slot],
      );
      // Room for two more outside recipients today.
      const capped = new ReportWorker({
        db: fixture.server.db,
        readModel: fixture.server.readModel,
        files,
        keys: await loadKeyRing(fixture.server.db),
        config: {
          ...fixture.server.config,
          reportPollMs: 0,
          mailCaps: { ...fixture.server.config.mailCaps, outsidePerDay: (used?.outside ?? 0) + 2 },
        },
        log: { info: () => undefined, error: () => undefined },
      });
      await capped.tick(new Date(slot.getTime() + 60_000));
      const states = await Promise.all(
        ['cap.a@example.com', 'cap.b@example.com', 'cap.c@example.com'].map(
          async (to) => (await mailsTo(to))[0]?.error ?? 'written',
        ),
      );
      expect(states).toEqual(['written', 'written', OVER_MAIL_CAP]);
    });

    it('plans the slots that came while it was down, each once', async () => {
      const created = await postSchedule(
        schedule({ recipientEmails: ['missed@example.com'], paused: true }),
      );
      // Resumed here, so that only these workers see it.
      await fixture.server.db.query(
        `UPDATE report_schedule SET paused = false, next_run_at = '2026-11-02T07:00:00Z' WHERE id = $1`,
        [created.body.id],
      );
      // Monday 07:00 and Tuesday 07:00 came; the next is Wednesday's.
      const at = new Date('2026-11-03T09:00:00Z');
      await Promise.all([(await worker()).tick(at), (await worker()).tick(at)]);
      const [row] = await fixture.server.db.query<{ next_run_at: Date }>(
        'SELECT next_run_at FROM report_schedule WHERE id = $1',
        [created.body.id],
      );
      expect(row?.next_run_at.toISOString()).toBe('2026-11-04T07:00:00.000Z');
      const subjects = (await mailsTo('missed@example.com')).map((m) => m.subject).sort();
      expect(subjects).toEqual([
        'Morning utilisation: 01-11-2026',
        'Morning utilisation: 02-11-2026',
      ]);
    });

    it('tries a failing run again with growing waits, then shows it failed', async () => {
      const created = await postSchedule(
        schedule({ recipientEmails: ['fails@example.com'], paused: true }),
      );
      const slot = new Date('2026-11-03T07:00:00Z');
      await fixture.server.db.query(
        `INSERT INTO report_run (schedule_id, slot_at, trigger, next_attempt_at) VALUES ($1, $2, 'slot', $2)`,
        [created.body.id, slot],
      );
      const broken = await worker({
        ...files,
        put: async () => {
          throw new Error('the disk is full');
        },
      });
      let at = slot;
      const waits: number[] = [];
      for (let attempt = 1; attempt <= MAX_RUN_ATTEMPTS; attempt++) {
        await broken.tick(at);
        const [run] = await fixture.server.db.query<{
          status: string;
          next_attempt_at: Date;
          error: string;
        }>('SELECT status, next_attempt_at, error FROM report_run WHERE schedule_id = $1', [
          created.body.id,
        ]);
        expect(run?.error).toBe('the disk is full');
        if (attempt < MAX_RUN_ATTEMPTS) {
          expect(run?.status).toBe('queued');
          waits.push((run?.next_attempt_at.getTime() ?? 0) - at.getTime());
          at = run?.next_attempt_at ?? at;
        } else expect(run?.status).toBe('failed');
      }
      expect(waits).toEqual([60_000, 240_000, 960_000]);
      expect(await mailsTo('fails@example.com')).toEqual([]);
    });
  });
});
