// The demo data of a first start: a rental company, its customers, users of every role, sites,
// about 50 machines and their hires. Deterministic, and free of telemetry: activity comes from devices.
import { setRentalSettings } from '../tenancy/organisation.ts';
import { ALERT_TYPES } from '../../src/domain/api/alerts.ts';
import { setAlertSubscriptions } from '../modules/alerts/index.ts';
import { hashPassword } from '../security/passwords.ts';
import { createSchedule } from '../modules/reports/index.ts';
import { driverKeyOf } from '../telemetry/adapters/teltonika/ioElements.ts';
import { DEMO_ASSETS, DEMO_PLACES } from '../telemetry/simulator/demoAssets.ts';
import { DEMO_GATEWAYS } from '../telemetry/simulator/demoRadio.ts';
import { DEMO_OPERATOR_KEYS } from '../telemetry/simulator/plan.ts';
import { DEFAULT_SHIFT } from '../telemetry/engine/rules.ts';
import type { Database } from '../db/database.ts';
import { DemoWriter, type CatalogueEntry } from './writer.ts';
import { seedHireStories } from './hireStories.ts';
import { DEMO_HIRE_STORIES } from '../telemetry/simulator/demoHires.ts';

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

/** Seeds the demo on an empty database; returns false and changes nothing when data exists. */
/** The advisory lock the demo's seeding holds (any number unused by the other locks). */
const DEMO_SEED_LOCK_ID = 7_244_501;

export async function seedDemoIfEmpty(
  db: Database,
  credentials: DemoCredentials,
  now = new Date(),
): Promise<boolean> {
  const passwordHash = await hashPassword(credentials.password);
  return db.transaction(async (tx) => {
    // Two api processes started together (compose.yaml) seed once: the second waits, then finds it.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [DEMO_SEED_LOCK_ID]);
    const existing = await tx.query<{ n: number }>('SELECT count(*) AS n FROM organisation');
    if ((existing[0]?.n ?? 0) > 0) return false;
    // The story in order: the seed's random numbers are drawn as it goes.
    const w = new DemoWriter(tx, now, passwordHash);
    const orgs = await seedOrganisations(w);
    const admin = await seedPeople(w, orgs, credentials.adminEmail);
    const sites = await seedSites(w, orgs);
    await seedNorthbankFleet(w, orgs, sites);
    await seedMeridianFleet(w, orgs, sites);
    await seedDevices(w, orgs.northbank);
    await seedMail(w, orgs.northbank, admin);
    return true;
  });
}

interface DemoOrganisations {
  northbank: string;
  harrow: string;
  greenline: string;
  meridian: string;
}

interface DemoSites {
  parkRoyal: string;
  dartford: string;
  meridianYard: string;
  /** Where customers on the portal take their hires. */
  customerSites: { org: string; site: string }[];
}

async function seedOrganisations(w: DemoWriter): Promise<DemoOrganisations> {
  const orgs = {
    northbank: await w.organisation('Northbank Plant Hire', 'rental'),
    harrow: await w.organisation('Harrow Civil Engineering', 'end-user'),
    greenline: await w.organisation('Greenline Groundworks', 'end-user'),
    meridian: await w.organisation('Meridian Build Group', 'rental-end-user'),
  };
  // The London hire companies charge over-use in pounds.
  for (const org of [orgs.northbank, orgs.meridian]) {
    await setRentalSettings(w.tx, org, {
      currency: 'GBP',
      driftHours: 2,
      driftPercent: 2,
      idleOnHireDays: 3,
    });
  }
  // Northbank's default shift: the engine's own hours, named, so the shifts screen has one to
  // show and change.
  await w.tx.query(
    `INSERT INTO shift (organisation_id, name, is_default, days) VALUES ($1, 'Standard day', true, $2::jsonb)`,
    [
      orgs.northbank,
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
  return orgs;
}

/** A user of every role; returns the admin's id. */
async function seedPeople(
  w: DemoWriter,
  { northbank, harrow, greenline, meridian }: DemoOrganisations,
  adminEmail: string,
): Promise<string> {
  const admin = await w.user(adminEmail, 'Alex', 'Morgan');
  await w.member(admin, northbank, 'admin', true);
  await w.member(admin, meridian, 'admin');
  const viewer = await w.user(DEMO_USERS.viewer, 'Priya', 'Shah');
  await w.member(viewer, northbank, 'viewer', true);
  const staff = await w.user(DEMO_USERS.staff, 'Sam', 'Taylor');
  for (const organisation of [northbank, harrow, greenline, meridian]) {
    await w.member(staff, organisation, 'internal', organisation === northbank);
  }
  const customer = await w.user(DEMO_USERS.customer, 'Jordan', 'Ellis');
  await w.member(customer, harrow, 'admin', true);
  return admin;
}

async function seedSites(w: DemoWriter, orgs: DemoOrganisations): Promise<DemoSites> {
  const { northbank, harrow, greenline, meridian } = orgs;
  const parkRoyal = await w.site(northbank, 'Northbank Depot Park Royal', 'NPH-PR', 51.529, -0.276);
  const dartford = await w.site(northbank, 'Northbank Depot Dartford', 'NPH-DA', 51.446, 0.218);
  // The names Northbank gave its operators' iButton keys (one is left for an admin to name).
  for (const { key, name } of DEMO_OPERATOR_KEYS.filter((k) => k.name !== '')) {
    await w.tx.query('INSERT INTO operator_key (organisation_id, key, name) VALUES ($1, $2, $3)', [
      northbank,
      driverKeyOf(key),
      name,
    ]);
  }
  const customerSites = [
    {
      org: harrow,
      site: await w.site(harrow, 'A40 Hanger Lane Junction', 'HCE-A40', 51.53, -0.293),
    },
    { org: harrow, site: await w.site(harrow, 'Brent Cross Viaduct', 'HCE-BXV', 51.576, -0.224) },
    {
      org: greenline,
      site: await w.site(greenline, 'Kingsmere Phase 2, Bicester', 'GLG-KM2', 51.887, -1.167),
    },
    {
      org: greenline,
      site: await w.site(greenline, 'Thames Gateway Plot 7', 'GLG-TG7', 51.508, 0.056),
    },
    {
      org: meridian,
      site: await w.site(meridian, 'Canary Wharf Tower B', 'MBG-CWB', 51.504, -0.02),
    },
  ];
  const meridianYard = await w.site(meridian, 'Meridian Yard Erith', 'MBG-ERI', 51.483, 0.178);
  return { parkRoyal, dartford, meridianYard, customerSites };
}

const OFF_PORTAL_CUSTOMERS = ['Ashdown Utilities Ltd', 'Kestrel Rail Services'];

/**
 * Northbank's hire fleet: most machines out on hire, some back in the depots. Trackers on most,
 * OEM telematics on a few (matched by PIN from the OEM's feed), and a few with nothing fitted yet,
 * so the list shows machines without data.
 */
async function seedNorthbankFleet(w: DemoWriter, orgs: DemoOrganisations, sites: DemoSites) {
  const owner = { org: orgs.northbank, name: 'Northbank Plant Hire' };
  const storyMachines = new Map<string, string>();
  for (let i = 0; i < 42; i++) {
    const entry = CATALOGUE[i % CATALOGUE.length] as CatalogueEntry;
    const assetId = `NPH-${String(1101 + i * 7)}`;
    const id = await w.machine(owner, assetId, entry, i % 3 ? sites.parkRoyal : sites.dartford, {
      archivedAt: i === 41 ? w.daysAgo(20) : null,
      leased: i % 5 === 4,
    });
    if (i === 41) continue;
    if (i === 9 || i === 27) {
      await w.tx.query(
        `INSERT INTO machine_breakdown (machine_id, from_at, note) VALUES ($1, $2, $3)`,
        [id, w.daysAgo(i === 9 ? 1 : 3), i === 9 ? 'Hydraulic hose burst' : 'Starter motor'],
      );
    }
    if (i % 9 !== 8) await w.fitTracker(id, entry);
    else if (i < 35) await w.identifyForOem(id, entry);
    if (STORY_ASSETS.has(assetId)) storyMachines.set(assetId, id);
    else await hireOut(w, id, orgs.northbank, sites.customerSites);
    // Broken down after it went out: a hire of a broken-down machine would need a reason.
    if (i === 9 || i === 27)
      await w.tx.query('UPDATE machine SET breakdown = true WHERE id = $1', [id]);
  }
  const [harrow, , greenline] = sites.customerSites;
  if (!harrow || !greenline) throw new Error('The demo customer sites are missing');
  await seedHireStories(w, orgs.northbank, (assetId) => storyMachines.get(assetId) ?? '', {
    harrow,
    greenline,
  });
}

const STORY_ASSETS = new Set<string>(Object.values(DEMO_HIRE_STORIES));

/** A Northbank machine on hire to a customer on the portal or off it, or back from one. */
async function hireOut(
  w: DemoWriter,
  machineId: string,
  northbank: string,
  customerSites: DemoSites['customerSites'],
) {
  const roll = w.rand();
  if (roll < 0.62) {
    const target = w.pick(customerSites);
    const startsAt = w.daysAgo(3 + Math.floor(w.rand() * 110));
    const endsAt = w.rand() < 0.5 ? null : w.daysAhead(5 + Math.floor(w.rand() * 60));
    await w.hire(
      machineId,
      northbank,
      { org: target.org, name: null, site: target.site },
      startsAt,
      endsAt,
    );
  } else if (roll < 0.75) {
    await w.hire(
      machineId,
      northbank,
      { org: null, name: w.pick(OFF_PORTAL_CUSTOMERS), site: null },
      w.daysAgo(10 + Math.floor(w.rand() * 40)),
      null,
    );
  } else {
    // Back from a hire that ended recently: the customer still sees it for its hire period.
    const target = w.pick(customerSites);
    await w.hire(
      machineId,
      northbank,
      { org: target.org, name: null, site: target.site },
      w.daysAgo(60),
      w.daysAgo(5 + Math.floor(w.rand() * 15)),
    );
  }
}

/** Meridian rents its own small fleet to its sites and out to Greenline. */
async function seedMeridianFleet(w: DemoWriter, orgs: DemoOrganisations, sites: DemoSites) {
  const owner = { org: orgs.meridian, name: 'Meridian Build Group' };
  for (let i = 0; i < 8; i++) {
    const entry = CATALOGUE[(i * 5 + 2) % CATALOGUE.length] as CatalogueEntry;
    const id = await w.machine(owner, `MBG-${String(210 + i)}`, entry, sites.meridianYard);
    await w.fitTracker(id, entry);
    if (i < 2)
      await w.hire(
        id,
        orgs.meridian,
        { org: orgs.greenline, name: null, site: sites.customerSites[3]?.site ?? null },
        w.daysAgo(14 + i * 9),
        null,
      );
  }
}

/** Devices in stock, the trailers' and cabin's trackers, and Northbank's LoRaWAN gateways. */
async function seedDevices(w: DemoWriter, northbank: string) {
  // Delivered but not fitted yet: devices to try onboarding with (/machines/onboard?sensor=).
  for (const [type, code, claimCode] of DEMO_UNASSIGNED_DEVICES) {
    await w.tx.query('INSERT INTO source (type, code, claim_code) VALUES ($1, $2, $3)', [
      type,
      code,
      claimCode,
    ]);
  }
  // Trailers and a cabin tracked by place with location-only trackers (the demo stream moves them).
  for (const asset of DEMO_ASSETS) {
    const id = await w.insert(
      `INSERT INTO equipment_asset (organisation_id, name, asset_number, kind, home_site_id)
       VALUES ($1, $2, $3, $4, (SELECT id FROM site WHERE organisation_id = $1 AND name = $5))`,
      [northbank, asset.name, asset.assetNumber, asset.kind, DEMO_PLACES[asset.homePlace].siteName],
    );
    await w.tx.query(
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
    await w.tx.query(
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
}

/**
 * Each weekday at 07:00 the admin gets yesterday's fleet utilisation by mail (to the outbox without
 * SMTP), and the site manager too; and every alert: the replayed history's last day raises the first.
 */
async function seedMail(w: DemoWriter, northbank: string, admin: string) {
  const schedule = await createSchedule(
    w.tx,
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
  await setAlertSubscriptions(w.tx, admin, northbank, ALERT_TYPES);
}
