// The read model keeps the list's selections while nothing they read changes (migration 037,
// server/modules/readModel/selections.ts): a write in any table they read, by any route or
// statement, and a hire starting, make the next list right at once.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { encodeFilter } from '../../src/domain/filterQuery.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('kept selections', {}, (fixture) => {
  let token = '';
  beforeAll(async () => {
    ({ token } = await signIn(fixture.server));
  });

  const list = async (query: string) =>
    (
      await call<MachineListReply>(fixture.server, 'GET', `/v1/portal/machines/list?${query}`, {
        token,
      })
    ).body;

  it('sees a write made straight in the database on the next list', async () => {
    const dumpers = `start=max&end=max&perPage=100&filter=${encodeURIComponent(encodeFilter({ category: ['Dumper'] }))}`;
    const before = await list(dumpers);
    expect(await list(dumpers)).toEqual(before);
    const [machine] = await fixture.server.db.query<{ id: string }>(
      `UPDATE machine SET category = 'Dumper'
        WHERE id = (SELECT id FROM machine WHERE category <> 'Dumper' AND archived_at IS NULL
                     AND organisation_id = (SELECT id FROM organisation WHERE name = 'Northbank Plant Hire')
                     ORDER BY name LIMIT 1)
        RETURNING id`,
    );
    const after = await list(dumpers);
    expect(after.total).toBe(before.total + 1);
    expect(after.machines.map((m) => m.id)).toContain(machine?.id);
  });

  it('shows a machine on hire once its hire starts, with nothing written then', async () => {
    const [machine] = await fixture.server.db.query<{ id: string; organisation_id: string }>(
      `SELECT m.id, m.organisation_id FROM machine m
        WHERE m.organisation_id = (SELECT id FROM organisation WHERE name = 'Northbank Plant Hire')
          AND m.archived_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM hire h WHERE h.machine_id = m.id AND coalesce(h.ends_at, 'infinity') > now())
        ORDER BY m.name LIMIT 1`,
    );
    const query = `start=max&end=max&filter=${encodeURIComponent(encodeFilter({ machine: [machine?.id ?? ''] }))}`;
    expect((await list(query)).machines[0]?.hiredStatus).toBe('OFF_HIRE');
    const startsAt = new Date(Date.now() + 1500);
    await fixture.server.db.query(
      `INSERT INTO hire (machine_id, rental_organisation_id, customer_name, starts_at, contract_number)
       VALUES ($1, $2, 'Walk-in customer', $3, 'C-KEPT-1')`,
      [machine?.id ?? '', machine?.organisation_id ?? '', startsAt],
    );
    expect((await list(query)).machines[0]?.hiredStatus).toBe('OFF_HIRE');
    await new Promise((resolve) => setTimeout(resolve, startsAt.getTime() - Date.now() + 200));
    expect((await list(query)).machines[0]?.hiredStatus).toBe('ON_HIRE');
  });
});
