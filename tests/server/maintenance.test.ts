// Maintenance through HTTP on both databases (issue 42): plan templates and their refusals, the
// machines × tasks list with due points by hours and by the calendar, service records that move
// the next due, a service reading that contradicts the meter refused naming meterH, the viewer's
// 403 and another organisation's 404.
// @clock-relative: readings and services are placed days before now; what is asserted is their order.
import { beforeAll, expect, it } from 'vitest';
import type {
  MaintenanceRow,
  ServicePlan,
  ServiceRecord,
} from '../../src/domain/api/maintenance.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { encodeFilter } from '../../src/domain/filterQuery.ts';
import { parseCsv } from '../support/csv.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const CATEGORY = 'Service test loader';

describeServer('maintenance', { users: ['admin', 'viewer', 'customer'] }, (fixture) => {
  let metered: string;
  let bare: string;
  let foreign: string;

  beforeAll(async () => {
    const machines = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO machine (organisation_id, name, asset_id, category)
       SELECT o.id, 'Service test ' || n, 'SVC-' || n, $1
         FROM organisation o, generate_series(1, 2) n WHERE o.name = 'Northbank Plant Hire'
       ORDER BY n RETURNING id`,
      [CATEGORY],
    );
    [metered, bare] = machines.map((m) => m.id) as [string, string];
    const [other] = await fixture.server.db.query<{ id: string }>(
      `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Meridian Build Group' LIMIT 1`,
    );
    foreign = other?.id ?? '';
    const read = await call(
      fixture.server,
      'POST',
      `/v1/portal/machines/${metered}/meter-readings`,
      {
        body: { valueH: 1000, readAt: daysAgo(20) },
        token: fixture.admin,
      },
    );
    expect(read.status).toBe(201);
  });

  const send = <T>(method: string, path: string, body?: unknown, token = fixture.admin) =>
    call<T & { field?: string; message?: string }>(fixture.server, method, path, { body, token });
  const rows = async (filter: object, token = fixture.admin) => {
    const reply = await call<MaintenanceRow[]>(
      fixture.server,
      'GET',
      `/v1/portal/maintenance?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      { token },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body;
  };

  it('keeps plan templates and refuses each bad one by its field', async () => {
    const hours = await send<ServicePlan>('POST', '/v1/portal/service-plans', {
      name: '250 h service',
      intervalH: 250,
      categories: [CATEGORY],
    });
    expect(hours.status).toBe(201);
    expect(hours.body).toMatchObject({ dueSoonH: 25, dueSoonDays: 14, machineCount: 2 });
    const refusals: [object, number, string][] = [
      [{ name: 'No interval' }, 400, 'intervalH'],
      [{ name: 'Both', intervalDays: 30, intervalMonths: 1 }, 400, 'intervalMonths'],
      [{ name: '250 H SERVICE', intervalH: 500 }, 409, 'name'],
      [{ name: 'Theirs', intervalH: 10, machineIds: [foreign] }, 400, 'machineIds'],
      [{ name: 'Minus', intervalH: -5 }, 400, 'intervalH'],
    ];
    for (const [body, status, field] of refusals) {
      const reply = await send('POST', '/v1/portal/service-plans', body);
      expect([reply.status, reply.body.field], JSON.stringify(body)).toEqual([status, field]);
    }
    const viewer = await send(
      'POST',
      '/v1/portal/service-plans',
      { name: 'V', intervalH: 5 },
      fixture.viewer,
    );
    expect(viewer.status).toBe(403);
    const list = await call<ServicePlan[]>(fixture.server, 'GET', '/v1/portal/service-plans', {
      token: fixture.viewer,
    });
    expect(list.body.map((plan) => plan.name)).toEqual(['250 h service']);
    const [theirs] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO service_plan (organisation_id, name, interval_h)
       SELECT id, 'Meridian 500 h', 500 FROM organisation WHERE name = 'Meridian Build Group' RETURNING id`,
    );
    expect(
      (await send('PATCH', `/v1/portal/service-plans/${theirs?.id}`, { intervalH: 1 })).status,
    ).toBe(404);
  });

  it('counts the due point on the meter, and a service moves it on', async () => {
    const [plan] = (
      await call<ServicePlan[]>(fixture.server, 'GET', '/v1/portal/service-plans', {
        token: fixture.admin,
      })
    ).body;
    const planId = plan?.id ?? '';
    const task = async () => (await rows({ planId, machineId: metered }))[0];
    expect(await task()).toMatchObject({
      meterH: 1000,
      meterSource: 'computed',
      nextDueMeterH: 1250,
      remainingH: 250,
      status: 'ok',
    });
    // Done ten days ago: its meter is read off the machine's.
    const done = await send<ServiceRecord>('POST', `/v1/portal/machines/${metered}/services`, {
      planId,
      doneAt: daysAgo(10),
      cost: 412.5,
      notes: 'Oil and filters',
    });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      status: 'done',
      meterH: 1000,
      cost: 412.5,
      task: '250 h service',
    });
    expect((await task())?.lastDoneMeterH).toBe(1000);
    // The meter reads 1,240 h a day ago: ten hours to go, due soon.
    await send('POST', `/v1/portal/machines/${metered}/meter-readings`, {
      valueH: 1240,
      readAt: daysAgo(1),
    });
    expect(await task()).toMatchObject({ remainingH: 10, status: 'dueSoon' });

    // Readings that contradict the meter's history are refused by their field.
    for (const [meterH, doneAt] of [
      [900, daysAgo(5)],
      [1300, daysAgo(5)],
    ] as const) {
      const bad = await send('POST', `/v1/portal/machines/${metered}/services`, {
        planId,
        meterH,
        doneAt,
      });
      expect([bad.status, bad.body.field]).toEqual([400, 'meterH']);
    }
    const future = await send('POST', `/v1/portal/machines/${metered}/services`, {
      planId,
      doneAt: new Date(Date.now() + 2 * DAY_MS).toISOString(),
    });
    expect([future.status, future.body.field]).toEqual([400, 'doneAt']);

    // Serviced now: the next is 250 h on from the meter.
    const now = await send<ServiceRecord>('POST', `/v1/portal/machines/${metered}/services`, {
      planId,
    });
    expect(now.body.meterH).toBeCloseTo(1240, 1);
    expect(await task()).toMatchObject({ status: 'ok' });
    expect((await task())?.nextDueMeterH).toBeCloseTo(1490, 1);
    // Deleting it moves the due point back.
    const removed = await send('DELETE', `/v1/portal/machines/${metered}/services/${now.body.id}`);
    expect(removed.status).toBe(200);
    expect((await task())?.status).toBe('dueSoon');
    const history = await call<ServiceRecord[]>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${metered}/services`,
      { token: fixture.viewer },
    );
    expect(history.body.map((record) => record.meterH)).toEqual([1000]);
  });

  it('marks a calendar task overdue past its months, and filters by status', async () => {
    const exam = await send<ServicePlan>('POST', '/v1/portal/service-plans', {
      name: 'Thorough examination',
      intervalMonths: 6,
      safetyCritical: true,
      machineIds: [bare],
    });
    expect(exam.status).toBe(201);
    const done = await send('POST', `/v1/portal/machines/${bare}/services`, {
      planId: exam.body.id,
      doneAt: daysAgo(220),
      performedBy: 'Lift Safe Ltd',
    });
    expect(done.status).toBe(201);
    const overdue = await rows({ status: 'overdue' });
    expect(overdue.map((row) => row.id)).toContain(`${bare}:${exam.body.id}`);
    expect(overdue.find((row) => row.machineId === bare)).toMatchObject({
      safetyCritical: true,
      nextDueMeterH: null,
    });
    expect((await rows({ status: 'ok' })).map((row) => row.id)).not.toContain(
      `${bare}:${exam.body.id}`,
    );
    for (const [filter, field] of [
      ['{"status":"late"}', 'filter.status'],
      ['{"machineId":"SVC-1"}', 'filter.machineId'],
    ] as const) {
      const bad = await call<{ field: string }>(
        fixture.server,
        'GET',
        `/v1/portal/maintenance?filter=${encodeURIComponent(filter)}`,
        { token: fixture.admin },
      );
      expect([bad.status, bad.body.field]).toEqual([400, field]);
    }

    // Overdue and safety-critical: the machine is not to be used, so a hire needs a reason.
    const hire = (overrideReason?: string) =>
      send<{ id: string }>('POST', '/v1/portal/hires', {
        machineId: bare,
        contractNumber: `SVC-${overrideReason ? 'OVERRIDE' : 'REFUSED'}`,
        customerName: 'Riverside Homes Ltd',
        onHireAt: daysAgo(-1),
        overrideReason,
      });
    const refused = await hire();
    expect([refused.status, refused.body.field]).toEqual([409, 'overrideReason']);
    expect(refused.body.message).toContain('Thorough examination');
    const overridden = await hire('Examined yesterday; certificate on its way');
    expect(overridden.status).toBe(201);
    const [audit] = await fixture.server.db.query<{ reason: string }>(
      `SELECT details->>'overrideReason' AS reason FROM audit_event
        WHERE action = 'hire.created' AND details->>'contractNumber' = 'SVC-OVERRIDE'`,
    );
    expect(audit?.reason).toBe('Examined yesterday; certificate on its way');

    // The alert worker raises each due point once, however often it looks, the task as its note.
    await fixture.server.app.alerts.run(Date.now());
    await fixture.server.app.alerts.run(Date.now());
    const alerts = await fixture.server.db.query<{ alert_type: string; note: string }>(
      `SELECT alert_type, note FROM alert WHERE machine_id = ANY($1::uuid[]) ORDER BY alert_type`,
      [[metered, bare]],
    );
    expect(alerts).toEqual([
      { alert_type: 'safetyOverdue', note: 'Thorough examination' },
      { alert_type: 'serviceDueSoon', note: '250 h service' },
    ]);
    const bell = await call<{ type: string; note: string | null }[]>(
      fixture.server,
      'GET',
      '/v1/portal/alerts',
      { token: fixture.admin },
    );
    expect(bell.body.find((alert) => alert.type === 'safetyOverdue')?.note).toBe(
      'Thorough examination',
    );
  });

  it('lists the fleet from its stored due points, filtered, sorted and paged, and works stale ones out again after the reply', async () => {
    const page = async (query: string) => {
      const reply = await call<MaintenanceRow[]>(
        fixture.server,
        'GET',
        `/v1/portal/maintenance?${query}`,
        { token: fixture.admin },
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return { rows: reply.body, range: reply.headers.get('content-range') };
    };
    const mine = encodeURIComponent(JSON.stringify({ q: 'Service test' }));
    const all = await page(`filter=${mine}&range=${encodeURIComponent('[0,99]')}`);
    expect(all.rows.length).toBeGreaterThanOrEqual(2);
    // Worst first; then by remaining hours, most first; one row a page, the count in the range.
    expect(all.rows.map((row) => row.status)).toEqual(
      [...all.rows.map((row) => row.status)].sort(
        (a, b) => ['overdue', 'dueSoon', 'ok'].indexOf(a) - ['overdue', 'dueSoon', 'ok'].indexOf(b),
      ),
    );
    const second = await page(
      `filter=${mine}&range=${encodeURIComponent('[1,1]')}&sort=${encodeURIComponent('["machineName","DESC"]')}`,
    );
    expect(second.rows).toHaveLength(1);
    expect(second.range).toBe(`maintenance 1-1/${all.rows.length}`);
    const safety = await rows({ safetyCritical: true, status: ['overdue'], q: 'Service test' });
    expect(safety.map((row) => row.machineId)).toEqual([bare]);
    const bad = await call<{ field: string }>(
      fixture.server,
      'GET',
      `/v1/portal/maintenance?filter=${encodeURIComponent('{"planId":["250 h"]}')}`,
      { token: fixture.admin },
    );
    expect([bad.status, bad.body.field]).toEqual([400, 'filter.planId']);

    // A renamed machine shows under its old name while the stored rows are fresh; once they are
    // over five minutes old, the list answers from them and works them out again after its reply.
    await fixture.server.db.query(
      "UPDATE machine SET name = 'Service test renamed' WHERE id = $1",
      [bare],
    );
    const named = async () =>
      (await rows({ q: 'Service test', safetyCritical: true })).map((row) => row.machineName);
    expect(await named()).toEqual(['Service test 2']);
    await fixture.server.db.query(
      "UPDATE service_due_state SET computed_at = now() - interval '10 minutes'",
    );
    expect(await named()).toEqual(['Service test 2']);
    await fixture.server.app.afterReply.idle();
    expect(await named()).toEqual(['Service test renamed']);
    await fixture.server.db.query("UPDATE machine SET name = 'Service test 2' WHERE id = $1", [
      bare,
    ]);

    // The machine list filters by the stored due points: the machine not to be used, and those due.
    const machines = async (service: string[]) =>
      (await machineList(encodeFilter({ service }))).map((machine) => machine.id);
    expect(await machines(['notToBeUsed'])).toEqual([bare]);
    expect(await machines(['overdue', 'dueSoon'])).toEqual(expect.arrayContaining([bare, metered]));
    // Its row names the task that stops it.
    const listed = await machineList(encodeFilter({ service: ['overdue', 'dueSoon'] }));
    expect(listed.find((machine) => machine.id === bare)?.notToBeUsed).toBe('Thorough examination');
    expect(listed.find((machine) => machine.id === metered)?.notToBeUsed).toBeNull();
  });

  const machineList = async (filter: string | null, token = fixture.admin) => {
    const query = filter === null ? '' : `&filter=${encodeURIComponent(filter)}`;
    const reply = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=max&end=max&perPage=500${query}`,
      { token },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.machines;
  };

  it('shows a customer the status of the machines on hire to it now, without the owner’s depot', async () => {
    const hireNow = async () => {
      await fixture.server.db.query(
        `INSERT INTO hire (machine_id, rental_organisation_id, customer_organisation_id, contract_number,
                           starts_at, ends_at)
         SELECT m.id, m.organisation_id, c.id, 'SVC-CUSTOMER', now() - interval '2 days',
                now() + interval '6 hours'
           FROM machine m, organisation c WHERE m.id = $1 AND c.name = 'Harrow Civil Engineering'`,
        [bare],
      );
    };
    const theirs = () => rows({ q: 'Service test' }, fixture.customer);
    expect(await theirs()).toEqual([]);
    await hireNow();
    const fleet = await theirs();
    expect(fleet.map((row) => [row.machineId, row.task, row.status])).toEqual([
      [bare, 'Thorough examination', 'overdue'],
      [bare, '250 h service', 'ok'],
    ]);
    expect(fleet.map((row) => [row.site, row.own])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect((await rows({ machineId: [bare] })).every((row) => row.own)).toBe(true);
    // The machine's own tasks, worked out live, say the same; a machine not hired to it, nothing.
    const card = await rows({ machineId: [bare] }, fixture.customer);
    expect(card.map((row) => [row.task, row.status, row.site])).toEqual([
      ['Thorough examination', 'overdue', null],
      ['250 h service', 'ok', null],
    ]);
    expect(await rows({ machineId: [metered] }, fixture.customer)).toEqual([]);
    const listed = await machineList(null, fixture.customer);
    expect(listed.find((machine) => machine.id === bare)?.notToBeUsed).toBe('Thorough examination');
    // Once the hire has ended, the customer sees its status no longer.
    await fixture.server.db.query(
      `UPDATE hire SET ends_at = now() - interval '1 hour', starts_at = now() - interval '2 days'
        WHERE contract_number = 'SVC-CUSTOMER'`,
    );
    expect(await theirs()).toEqual([]);
  });

  it('reports the tasks due and the services done', async () => {
    const report = async (type: string) => {
      const today = new Date().toISOString().slice(0, 10);
      // A report covers 92 days at most: the examination 220 days ago is outside.
      const start = new Date(Date.now() - 90 * DAY_MS).toISOString().slice(0, 10);
      const queued = await send<{ id: string }>('POST', '/v1/portal/reports/files', {
        type,
        format: 'csv',
        start,
        end: today,
      });
      expect(queued.status).toBe(202);
      for (let i = 0; i < 300; i++) {
        const file = await call<{ status: string }>(
          fixture.server,
          'GET',
          `/v1/portal/reports/files/${queued.body.id}`,
          { token: fixture.admin },
        );
        if (file.body.status === 'failed') throw new Error(`the ${type} report failed`);
        if (file.body.status === 'done') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const download = await fetch(
        `${fixture.server.url}/v1/portal/reports/files/${queued.body.id}/download`,
        { headers: { authorization: `Bearer ${fixture.admin}` } },
      );
      return parseCsv(await download.text());
    };
    const due = await report('service-due');
    // One section: the CSV is its table, headings first.
    const header = due[0] ?? [];
    const exam = due.find(
      (row) => row[2] === 'Thorough examination' && row[0] === 'Service test 2',
    );
    expect(exam?.[header.indexOf('Status')]).toBe('Overdue');
    const history = await report('service-history');
    const done = history.filter((row) => row[1]?.startsWith('Service test'));
    expect(done.map((row) => row[3])).toEqual(['250 h service']);
    expect(history[0]).toContain('Cost (GBP)');
  });

  it('refuses a viewer’s service, another organisation’s machine and plan, and a file not its own', async () => {
    const viewer = await send(
      'POST',
      `/v1/portal/machines/${metered}/services`,
      {},
      fixture.viewer,
    );
    expect(viewer.status).toBe(403);
    expect((await send('POST', `/v1/portal/machines/${foreign}/services`, {})).status).toBe(404);
    const [theirs] = await fixture.server.db.query<{ id: string }>(
      `SELECT id FROM service_plan WHERE name = 'Meridian 500 h'`,
    );
    const plan = await send('POST', `/v1/portal/machines/${bare}/services`, { planId: theirs?.id });
    expect([plan.status, plan.body.field]).toEqual([400, 'planId']);
    const file = await send('POST', `/v1/portal/machines/${bare}/services`, {
      fileIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect([file.status, file.body.field]).toEqual([400, 'fileIds']);
  });
});
