// The demo seed's rows, written in one transaction: each helper inserts one kind of row and returns
// its id. The seed's random numbers and contract numbers are drawn here in the order the story asks.
import type { Queryable } from '../db/database.ts';
import { recordHire } from '../modules/hires/index.ts';
import { seededRandom } from '../telemetry/simulator/random.ts';

export interface CatalogueEntry {
  category: string;
  type: string;
  oem: string;
  model: string;
  group: string;
}

const DAY_MS = 86_400_000;
/** Machines with an activity sensor rather than a tracker on the engine. */
const SENSOR_CATEGORIES = new Set(['Lighting', 'Generator', 'Compressor']);

/** Over-use terms by contract: a short day, a 30-hour week, a 120-hour month, none. */
const OVERUSE_TERMS = [
  { overusePeriod: 'day', overuseAllowanceH: 6, overuseRate: 55 },
  { overusePeriod: 'week', overuseAllowanceH: 30, overuseRate: 45 },
  { overusePeriod: 'month', overuseAllowanceH: 120, overuseRate: 40 },
  {},
] as const;

export class DemoWriter {
  readonly rand = seededRandom(20_260_426);
  private contract = 1040;
  private trackers = 0;
  private sensors = 0;
  private oemUnits = 0;
  /** Each owner's machine groups, made the first time one of its machines names them. */
  private readonly groups = new Map<string, Promise<string>>();

  constructor(
    readonly tx: Queryable,
    readonly now: Date,
    private readonly passwordHash: string,
  ) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)] as T;
  }

  daysAgo(days: number): Date {
    return new Date(this.now.getTime() - days * DAY_MS);
  }

  daysAhead(days: number): Date {
    return new Date(this.now.getTime() + days * DAY_MS);
  }

  async insert(sql: string, params: (string | number | boolean | null | Date)[]): Promise<string> {
    const rows = await this.tx.query<{ id: string }>(`${sql} RETURNING id`, params);
    const id = rows[0]?.id;
    if (!id) throw new Error('insert returned no id');
    return id;
  }

  /** The demo shows every screen: work cycles are a module staff switch on where machines have them. */
  organisation(name: string, type: string): Promise<string> {
    return this.insert(
      `INSERT INTO organisation (name, type, settings)
       VALUES ($1, $2, '{"modules":{"workCycle":true},"features":{"routePositions":true}}')`,
      [name, type],
    );
  }

  user(email: string, firstName: string, lastName: string): Promise<string> {
    return this.insert(
      'INSERT INTO app_user (email, first_name, last_name, password_hash) VALUES ($1, $2, $3, $4)',
      [email, firstName, lastName, this.passwordHash],
    );
  }

  async member(userId: string, organisationId: string, role: string, isDefault = false) {
    await this.tx.query(
      'INSERT INTO membership (user_id, organisation_id, role, is_default) VALUES ($1, $2, $3, $4)',
      [userId, organisationId, role, isDefault],
    );
  }

  site(organisationId: string, name: string, code: string, latitude: number, longitude: number) {
    return this.insert(
      'INSERT INTO site (organisation_id, name, code, latitude, longitude, radius_m) VALUES ($1, $2, $3, $4, $5, 250)',
      [organisationId, name, code, latitude, longitude],
    );
  }

  /** A hire through the hires module's own rules (issue 41), as a rental company writes one. */
  async hire(
    machineId: string,
    rentalOrg: string,
    customer: { org: string | null; name: string | null; site: string | null },
    startsAt: Date,
    endsAt: Date | null,
  ): Promise<string> {
    return recordHire(this.tx, rentalOrg, {
      machineId,
      contractNumber: `C-${this.now.getFullYear()}-${this.contract++}`,
      customerOrganisationId: customer.org,
      customerName: customer.name,
      siteId: customer.site,
      onHireAt: startsAt.toISOString(),
      offHireAt: endsAt?.toISOString() ?? null,
      // Most contracts bill an 8-hour day; some a 10-hour one.
      contractedHours: this.contract % 3 === 0 ? 10 : 8,
      // The lessor's common over-use terms: hours a day, a week or a month, and one without.
      ...OVERUSE_TERMS[this.contract % OVERUSE_TERMS.length],
    });
  }

  private groupOf(organisationId: string, name: string): Promise<string> {
    const key = `${organisationId}/${name}`;
    let group = this.groups.get(key);
    if (!group) {
      group = this.insert('INSERT INTO machine_group (organisation_id, name) VALUES ($1, $2)', [
        organisationId,
        name,
      ]);
      this.groups.set(key, group);
    }
    return group;
  }

  async machine(
    owner: { org: string; name: string },
    assetId: string,
    entry: CatalogueEntry,
    homeSite: string,
    extra: { breakdown?: boolean; archivedAt?: Date | null; leased?: boolean } = {},
  ): Promise<string> {
    return this.insert(
      `INSERT INTO machine (organisation_id, name, asset_id, category, type, oem, model, manufacturing_year,
                            ownership_type, owner, group_id, site_id, breakdown, archived_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        owner.org,
        `${entry.oem} ${entry.model}`,
        assetId,
        entry.category,
        entry.type,
        entry.oem,
        entry.model,
        2016 + Math.floor(this.rand() * 10),
        extra.leased ? 'Leased' : 'Owned',
        extra.leased ? 'Lombard Asset Finance' : owner.name,
        await this.groupOf(owner.org, entry.group),
        homeSite,
        extra.breakdown ?? false,
        extra.archivedAt ?? null,
      ],
    );
  }

  /**
   * A tracker on the engine, or an activity sensor (LoRaWAN) on a machine without an engine bus
   * worth reading.
   */
  async fitTracker(machineId: string, entry: CatalogueEntry): Promise<void> {
    await (SENSOR_CATEGORIES.has(entry.category)
      ? this.tx.query(
          `INSERT INTO source (type, code, machine_id, expected_interval_s, expected_interval_off_s)
           VALUES ('LORA', $1, $2, 600, 600)`,
          [`70B3D5E75E${String(100_001 + this.sensors++)}`, machineId],
        )
      : this.tx.query(
          `INSERT INTO source (type, code, machine_id, expected_interval_s, expected_interval_off_s)
           VALUES ('TELTONIKA', $1, $2, 60, 3600)`,
          [`35730905${String(1_000_000 + this.trackers++).padStart(7, '0')}`, machineId],
        ));
  }

  /** OEM telematics instead: the machine's PIN and serial number, as the OEM's feed names it. */
  async identifyForOem(machineId: string, entry: CatalogueEntry): Promise<void> {
    await this.tx.query('UPDATE machine SET pin = $2, serial_number = $3 WHERE id = $1', [
      machineId,
      `${entry.oem.slice(0, 3).toUpperCase()}0${entry.model.replace(/\W/g, '').toUpperCase()}${String(40_001 + this.oemUnits)}`,
      String(7_700_100 + this.oemUnits++),
    ]);
  }
}
