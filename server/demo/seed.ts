// The demo data of a first start: a rental company, its customers, users of every role, sites,
// about 50 machines and their hires. Deterministic, and free of telemetry: activity comes from devices.
import { ALERT_TYPES } from '../../src/domain/api/alerts.ts';
import { setAlertSubscriptions } from '../modules/alerts/index.ts';
import { hashPassword } from '../security/passwords.ts';
import { createSchedule } from '../modules/reports/index.ts';
import { driverKeyOf } from '../telemetry/adapters/teltonika/ioElements.ts';
import { DEMO_ASSETS, DEMO_PLACES } from '../telemetry/simulator/demoAssets.ts';
import { DEMO_GATEWAYS } from '../telemetry/simulator/demoRadio.ts';
import { DEMO_OPERATOR_KEYS } from '../telemetry/simulator/plan.ts';
import { DEFAULT_SHIFT } from '../telemetry/engine/rules.ts';
import { seededRandom } from '../telemetry/simulator/random.ts';
import type { Database, Queryable } from '../db/database.ts';

export interface DemoCredentials {
  adminEmail: string;
  password: string;
}

/** Devices the demo has in stock, not on any machine yet, with the claim codes on their labels. */
export const DEMO_UNASSIGNED_DEVICES = [
  ['TELTONIKA', '357309059990001', 'DEMO1-TRACK'],
  ['LORA', '70B3D5E75E900001', 'DEMO2-SENSE'],
] as const;

export const DEMO_USERS = {
  viewer: 'viewer@demo.example',
  staff: 'staff@demo.example',
  customer: 'harrow@demo.example',
} as const;

interface CatalogueEntry {
  category: string;
  type: string;
  oem: string;
  model: string;
  group: string;
}

const CATALOGUE: CatalogueEntry[] = [
  {
    category: 'Excavator',
    type: 'Mini excavator 1.5t',
    oem: 'Kubota',
    model: 'U17-3',
    group: 'Earthmoving',
  },
  {
    category: 'Excavator',
    type: 'Mini excavator 3t',
    oem: 'Takeuchi',
    model: 'TB230',
    group: 'Earthmoving',
  },
  {
    category: 'Excavator',
    type: 'Midi excavator 8t',
    oem: 'JCB',
    model: '86C-2',
    group: 'Earthmoving',
  },
  {
    category: 'Excavator',
    type: 'Tracked excavator 21t',
    oem: 'Caterpillar',
    model: '320 GC',
    group: 'Earthmoving',
  },
  {
    category: 'Excavator',
    type: 'Tracked excavator 14t',
    oem: 'Volvo',
    model: 'EC140E',
    group: 'Earthmoving',
  },
  {
    category: 'Excavator',
    type: 'Wheeled excavator 15t',
    oem: 'Hitachi',
    model: 'ZX145W-7',
    group: 'Earthmoving',
  },
  {
    category: 'Loader',
    type: 'Backhoe loader',
    oem: 'JCB',
    model: '3CX Sitemaster',
    group: 'Earthmoving',
  },
  { category: 'Loader', type: 'Wheel loader', oem: 'Volvo', model: 'L60H', group: 'Earthmoving' },
  {
    category: 'Dumper',
    type: 'Site dumper 3t',
    oem: 'Thwaites',
    model: 'MACH 853',
    group: 'Earthmoving',
  },
  { category: 'Dumper', type: 'Site dumper 6t', oem: 'JCB', model: '6T-1', group: 'Earthmoving' },
  {
    category: 'Dumper',
    type: 'Site dumper 9t',
    oem: 'Wacker Neuson',
    model: 'DW90',
    group: 'Earthmoving',
  },
  {
    category: 'Telehandler',
    type: 'Telehandler 14m',
    oem: 'JCB',
    model: '540-140 Hi-Viz',
    group: 'Lifting',
  },
  {
    category: 'Telehandler',
    type: 'Telehandler 17m',
    oem: 'Manitou',
    model: 'MT 1840',
    group: 'Lifting',
  },
  {
    category: 'Roller',
    type: 'Twin-drum roller 1.5t',
    oem: 'Bomag',
    model: 'BW 120 AD-5',
    group: 'Compaction',
  },
  {
    category: 'Roller',
    type: 'Single-drum roller 11t',
    oem: 'Hamm',
    model: 'H11i',
    group: 'Compaction',
  },
  { category: 'Access', type: 'Scissor lift 10m', oem: 'Genie', model: 'GS-3246', group: 'Access' },
  { category: 'Access', type: 'Boom lift 16m', oem: 'JLG', model: '450AJ', group: 'Access' },
  {
    category: 'Generator',
    type: 'Generator 60kVA',
    oem: 'Atlas Copco',
    model: 'QAS 60',
    group: 'Power & Lighting',
  },
  {
    category: 'Generator',
    type: 'Generator 20kVA',
    oem: 'Atlas Copco',
    model: 'QAS 20',
    group: 'Power & Lighting',
  },
  {
    category: 'Compressor',
    type: 'Portable compressor',
    oem: 'Doosan',
    model: '7/41',
    group: 'Power & Lighting',
  },
  {
    category: 'Lighting',
    type: 'Lighting tower',
    oem: 'Atlas Copco',
    model: 'HiLight V5+',
    group: 'Power & Lighting',
  },
];

const DAY_MS = 86_400_000;
/** Machines with an activity sensor rather than a tracker on the engine. */
const SENSOR_CATEGORIES = new Set(['Lighting', 'Generator', 'Compressor']);

async function insertReturningId(
  tx: Queryable,
  sql: string,
  params: (string | number | boolean | null | Date)[],
) {
  const rows = await tx.query<{ id: string }>(`${sql} RETURNING id`, params);
  const id = rows[0]?.id;
  if (!id) throw new Error('insert returned no id');
  return id;
}

/** Seeds the demo on an empty database; returns false and changes nothing when data exists. */
// eslint-disable-next-line max-lines-per-function -- One transaction that writes the demo's story in order; its helpers close over the transaction and the ids made before them.
export async function seedDemoIfEmpty(
  db: Database,
  credentials: DemoCredentials,
  now = new Date(),
): Promise<boolean> {
  const passwordHash = await hashPassword(credentials.password);
  // eslint-disable-next-line max-lines-per-function -- The demo seed's transaction: see seedDemoIfEmpty.
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ n: number }>('SELECT count(*) AS n FROM organisation');
    if ((existing[0]?.n ?? 0) > 0) return false;
    const rand = seededRandom(20_260_426);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

    // The demo shows every screen: work cycles are a module staff switch on where machines have them.
    const org = (name: string, type: string) =>
      insertReturningId(
        tx,
        `INSERT INTO organisation (name, type, settings)
         VALUES ($1, $2, '{"modules":{"workCycle":true},"features":{"routePositions":true}}')`,
        [name, type],
      );
    const northbank = await org('Northbank Plant Hire', 'rental');
    const harrow = await org('Harrow Civil Engineering', 'end-user');
    const greenline = await org('Greenline Groundworks', 'end-user');
    const meridian = await org('Meridian Build Group', 'rental-end-user');
    // Northbank's default shift: the engine's own hours, named, so the shifts screen has one to
    // show and change.
    await tx.query(
      `INSERT INTO shift (organisation_id, name, is_default, days) VALUES ($1, 'Standard day', true, $2::jsonb)`,
      [
        northbank,
        JSON.stringify(
          DEFAULT_SHIFT.weekdays.map((weekday) => ({
            weekday,
            startMinute: DEFAULT_SHIFT.startMinute,
            endMinute: DEFAULT_SHIFT.endMinute,
            breaks: [],
          })),
        ),
      ],
    );

    const user = (email: string, firstName: string, lastName: string) =>
      insertReturningId(
        tx,
        'INSERT INTO app_user (email, first_name, last_name, password_hash) VALUES ($1, $2, $3, $4)',
        [email, firstName, lastName, passwordHash],
      );
    const member = (userId: string, organisationId: string, role: string, isDefault = false) =>
      tx.query(
        'INSERT INTO membership (user_id, organisation_id, role, is_default) VALUES ($1, $2, $3, $4)',
        [userId, organisationId, role, isDefault],
      );
    const admin = await user(credentials.adminEmail, 'Alex', 'Morgan');
    await member(admin, northbank, 'admin', true);
    await member(admin, meridian, 'admin');
    const viewer = await user(DEMO_USERS.viewer, 'Priya', 'Shah');
    await member(viewer, northbank, 'viewer', true);
    const staff = await user(DEMO_USERS.staff, 'Sam', 'Taylor');
    for (const organisation of [northbank, harrow, greenline, meridian]) {
      await member(staff, organisation, 'internal', organisation === northbank);
    }
    const customer = await user(DEMO_USERS.customer, 'Jordan', 'Ellis');
    await member(customer, harrow, 'admin', true);

    const site = (
      organisationId: string,
      name: string,
      code: string,
      latitude: number,
      longitude: number,
    ) =>
      insertReturningId(
        tx,
        'INSERT INTO site (organisation_id, name, code, latitude, longitude, radius_m) VALUES ($1, $2, $3, $4, $5, 250)',
        [organisationId, name, code, latitude, longitude],
      );
    const parkRoyal = await site(northbank, 'Northbank Depot Park Royal', 'NPH-PR', 51.529, -0.276);
    const dartford = await site(northbank, 'Northbank Depot Dartford', 'NPH-DA', 51.446, 0.218);
    // The names Northbank gave its operators' iButton keys (one is left for an admin to name).
    for (const { key, name } of DEMO_OPERATOR_KEYS.filter((k) => k.name !== '')) {
      await tx.query('INSERT INTO operator_key (organisation_id, key, name) VALUES ($1, $2, $3)', [
        northbank,
        driverKeyOf(key),
        name,
      ]);
    }
    const customerSites = [
      {
        org: harrow,
        site: await site(harrow, 'A40 Hanger Lane Junction', 'HCE-A40', 51.53, -0.293),
      },
      { org: harrow, site: await site(harrow, 'Brent Cross Viaduct', 'HCE-BXV', 51.576, -0.224) },
      {
        org: greenline,
        site: await site(greenline, 'Kingsmere Phase 2, Bicester', 'GLG-KM2', 51.887, -1.167),
      },
      {
        org: greenline,
        site: await site(greenline, 'Thames Gateway Plot 7', 'GLG-TG7', 51.508, 0.056),
      },
      {
        org: meridian,
        site: await site(meridian, 'Canary Wharf Tower B', 'MBG-CWB', 51.504, -0.02),
      },
    ];
    const meridianYard = await site(meridian, 'Meridian Yard Erith', 'MBG-ERI', 51.483, 0.178);
    const offPortalCustomers = ['Ashdown Utilities Ltd', 'Kestrel Rail Services'];

    let contract = 1040;
    const hire = (
      machineId: string,
      rentalOrg: string,
      customerOrg: string | null,
      customerName: string | null,
      siteId: string | null,
      startsAt: Date,
      endsAt: Date | null,
    ) =>
      tx.query(
        `INSERT INTO hire (machine_id, rental_organisation_id, customer_organisation_id, customer_name, site_id,
                           contract_number, starts_at, ends_at, working_hours_per_day)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          machineId,
          rentalOrg,
          customerOrg,
          customerName,
          siteId,
          `C-${now.getFullYear()}-${contract++}`,
          startsAt,
          endsAt,
          // Most contracts bill an 8-hour day; some a 10-hour one.
          contract % 3 === 0 ? 10 : 8,
        ],
      );

    // Each owner's machine groups, made the first time one of its machines names them.
    const groups = new Map<string, Promise<string>>();
    const groupOf = (organisationId: string, name: string) => {
      const key = `${organisationId}/${name}`;
      if (!groups.has(key)) {
        groups.set(
          key,
          insertReturningId(
            tx,
            'INSERT INTO machine_group (organisation_id, name) VALUES ($1, $2)',
            [organisationId, name],
          ),
        );
      }
      return groups.get(key) as Promise<string>;
    };

    const machine = async (
      ownerOrg: string,
      ownerName: string,
      assetId: string,
      entry: CatalogueEntry,
      homeSite: string,
      extra: { breakdown?: boolean; archivedAt?: Date | null; leased?: boolean },
    ) =>
      insertReturningId(
        tx,
        `INSERT INTO machine (organisation_id, name, asset_id, category, type, oem, model, manufacturing_year,
                              ownership_type, owner, group_id, site_id, breakdown, archived_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          ownerOrg,
          `${entry.oem} ${entry.model}`,
          assetId,
          entry.category,
          entry.type,
          entry.oem,
          entry.model,
          2016 + Math.floor(rand() * 10),
          extra.leased ? 'Leased' : 'Owned',
          extra.leased ? 'Lombard Asset Finance' : ownerName,
          await groupOf(ownerOrg, entry.group),
          homeSite,
          extra.breakdown ?? false,
          extra.archivedAt ?? null,
        ],
      );

    // Trackers on most machines, activity sensors on the ones without an engine bus worth reading
    // (LoRaWAN), OEM telematics on a few (matched by PIN from the OEM's feed); a few have nothing
    // fitted yet, so the list shows machines without data.
    let trackers = 0;
    let sensors = 0;
    const fitTracker = (machineId: string, entry: CatalogueEntry) =>
      SENSOR_CATEGORIES.has(entry.category)
        ? tx.query(
            `INSERT INTO source (type, code, machine_id, expected_interval_s, expected_interval_off_s)
             VALUES ('LORA', $1, $2, 600, 600)`,
            [`70B3D5E75E${String(100_001 + sensors++)}`, machineId],
          )
        : tx.query(
            `INSERT INTO source (type, code, machine_id, expected_interval_s, expected_interval_off_s)
             VALUES ('TELTONIKA', $1, $2, 60, 3600)`,
            [`35730905${String(1_000_000 + trackers++).padStart(7, '0')}`, machineId],
          );
    let oemUnits = 0;
    const identifyForOem = (machineId: string, entry: CatalogueEntry) =>
      tx.query('UPDATE machine SET pin = $2, serial_number = $3 WHERE id = $1', [
        machineId,
        `${entry.oem.slice(0, 3).toUpperCase()}0${entry.model.replace(/\W/g, '').toUpperCase()}${String(40_001 + oemUnits)}`,
        String(7_700_100 + oemUnits++),
      ]);

    // Northbank's hire fleet: most machines out on hire, some back in the depots.
    for (let i = 0; i < 42; i++) {
      const entry = CATALOGUE[i % CATALOGUE.length] as CatalogueEntry;
      const id = await machine(
        northbank,
        'Northbank Plant Hire',
        `NPH-${String(1101 + i * 7)}`,
        entry,
        i % 3 ? parkRoyal : dartford,
        {
          breakdown: i === 9 || i === 27,
          archivedAt: i === 41 ? daysAgo(20) : null,
          leased: i % 5 === 4,
        },
      );
      if (i === 41) continue;
      if (i === 9 || i === 27) {
        await tx.query(
          `INSERT INTO machine_breakdown (machine_id, from_at, note) VALUES ($1, $2, $3)`,
          [id, daysAgo(i === 9 ? 1 : 3), i === 9 ? 'Hydraulic hose burst' : 'Starter motor'],
        );
      }
      if (i % 9 !== 8) await fitTracker(id, entry);
      else if (i < 35) await identifyForOem(id, entry);
      const roll = rand();
      if (roll < 0.62) {
        const target = pick(customerSites);
        const startsAt = daysAgo(3 + Math.floor(rand() * 110));
        const endsAt =
          rand() < 0.5 ? null : new Date(now.getTime() + (5 + Math.floor(rand() * 60)) * DAY_MS);
        await hire(id, northbank, target.org, null, target.site, startsAt, endsAt);
      } else if (roll < 0.75) {
        await hire(
          id,
          northbank,
          null,
          pick(offPortalCustomers),
          null,
          daysAgo(10 + Math.floor(rand() * 40)),
          null,
        );
      } else {
        // Back from a hire that ended recently: the customer still sees it for its hire period.
        const target = pick(customerSites);
        await hire(
          id,
          northbank,
          target.org,
          null,
          target.site,
          daysAgo(60),
          daysAgo(5 + Math.floor(rand() * 15)),
        );
      }
    }

    // Meridian rents its own small fleet to its sites and out to Greenline.
    for (let i = 0; i < 8; i++) {
      const entry = CATALOGUE[(i * 5 + 2) % CATALOGUE.length] as CatalogueEntry;
      const id = await machine(
        meridian,
        'Meridian Build Group',
        `MBG-${String(210 + i)}`,
        entry,
        meridianYard,
        {},
      );
      await fitTracker(id, entry);
      if (i < 2)
        await hire(
          id,
          meridian,
          greenline,
          null,
          customerSites[3]?.site ?? null,
          daysAgo(14 + i * 9),
          null,
        );
    }

    // Delivered but not fitted yet: devices to try onboarding with (/machines/onboard?sensor=).
    for (const [type, code, claimCode] of DEMO_UNASSIGNED_DEVICES) {
      await tx.query('INSERT INTO source (type, code, claim_code) VALUES ($1, $2, $3)', [
        type,
        code,
        claimCode,
      ]);
    }

    // Trailers and a cabin tracked by place with location-only trackers (the demo stream moves them).
    for (const asset of DEMO_ASSETS) {
      const id = await insertReturningId(
        tx,
        `INSERT INTO equipment_asset (organisation_id, name, asset_number, kind, home_site_id)
         VALUES ($1, $2, $3, $4, (SELECT id FROM site WHERE organisation_id = $1 AND name = $5))`,
        [
          northbank,
          asset.name,
          asset.assetNumber,
          asset.kind,
          DEMO_PLACES[asset.homePlace].siteName,
        ],
      );
      await tx.query(
        `INSERT INTO source (type, code, claim_code, organisation_id, equipment_asset_id,
                             expected_interval_s, expected_interval_off_s)
         VALUES ('TELTONIKA', $1, $2, $3, $4, 3600, 3600)`,
        [asset.code, asset.claimCode, northbank, id],
      );
    }

    // The rental company's LoRaWAN gateways, registered at its depots and a site; the devices
    // report which of them heard what (and one gateway nobody registered yet).
    for (const gateway of Object.values(DEMO_GATEWAYS)) {
      if (!gateway.registered) continue;
      await tx.query(
        `INSERT INTO gateway (eui, model, name, organisation_id, site_id, latitude, longitude, registered_at)
         VALUES ($1, $2, $3, $4, (SELECT id FROM site WHERE organisation_id = $4 AND name = $5), $6, $7, now())`,
        [
          gateway.eui,
          gateway.model,
          gateway.registered.name,
          northbank,
          gateway.registered.siteName,
          gateway.latitude,
          gateway.longitude,
        ],
      );
    }

    // Each weekday at 07:00 the admin gets yesterday's fleet utilisation by mail (to the outbox
    // without SMTP), and the site manager too.
    const schedule = await createSchedule(
      tx,
      { organisationId: northbank, userId: admin },
      {
        name: 'Daily fleet utilisation',
        type: 'fleet-utilisation',
        format: 'pdf',
        frequency: 'daily',
        dateRange: 'yesterday',
        weekdays: [1, 2, 3, 4, 5],
        hour: 7,
        extraMinutes: 0,
        timezone: 'Europe/London',
        recipientUserIds: [admin],
        recipientEmails: ['site.manager@northbank.example'],
      },
    );
    if (!schedule.nextRunAt) throw new Error('the demo schedule has no next run');
    // The admin gets every alert by mail: the replayed history's last day raises the first ones.
    await setAlertSubscriptions(tx, admin, northbank, ALERT_TYPES);
    return true;
  });
}
