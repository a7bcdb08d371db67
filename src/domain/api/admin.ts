// The staff admin area (issue 19, spec point 2 "Admin"): our design of its /v1/admin calls in the
// spec's style, and the audit trail an organisation's admins read too. Every range is capped and
// paged (docs/admin.md, "Limits") so a debug query of a chatty device cannot hold the server.
import Type, { type Static } from 'typebox';
import { DateTime, Day } from './dates.ts';
import { SimpleListQuery } from './simpleList.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The longest range of raw records, uplinks or requests one debug query reads. */
export const DEBUG_RANGE_MAX_DAYS = 31;
/** Rows per page of a debug query. */
export const DEBUG_PAGE_MAX_ROWS = 1000;
/** Devices one debug query may name. */
export const DEBUG_DEVICES_MAX = 20;
/** The longest range of days the completeness calendar and a recompute take. */
export const DAYS_RANGE_MAX = 366;
/** How long a command waits for the device's reply before the call answers without one. */
export const COMMAND_REPLY_WAIT_MS = 15_000;

/** deviceIds (comma-separated device codes: IMEIs, DevEUIs, source codes), from and to (instants). */
export const DeviceDebugQuery = Type.Object(
  {
    deviceIds: Type.String({ minLength: 1, maxLength: 2000 }),
    from: DateTime,
    to: DateTime,
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DEBUG_PAGE_MAX_ROWS, default: 200 })),
  },
  { additionalProperties: false },
);
export type DeviceDebugQuery = Static<typeof DeviceDebugQuery>;

/** A value the device sent, with its name where we know it. */
const IoValue = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  value: Type.Union([Type.Number(), Type.String()]),
});

export const TeltonikaRecord = Type.Object({
  deviceId: Type.String(),
  deviceTime: DateTime,
  receivedTime: DateTime,
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  altitudeM: Nullable(Type.Number()),
  satellites: Nullable(Type.Integer()),
  speedKmh: Nullable(Type.Number()),
  headingDeg: Nullable(Type.Number()),
  io: Type.Array(IoValue),
  /** Why the engine does not use the record (impossible time), or its position; null when it does. */
  invalidReason: Nullable(Type.String()),
  positionInvalidReason: Nullable(Type.String()),
});
export type TeltonikaRecord = Static<typeof TeltonikaRecord>;

/** A page of a debug query: `total` counts the range's rows, `unknownDevices` the codes no device has. */
export const TeltonikaRecordsReply = Type.Object({
  records: Type.Array(TeltonikaRecord),
  total: Type.Integer(),
  unknownDevices: Type.Array(Type.String()),
});
export type TeltonikaRecordsReply = Static<typeof TeltonikaRecordsReply>;

export const DeviceConnection = Type.Object({
  deviceId: Type.String(),
  remote: Type.String(),
  connectedAt: DateTime,
  lastPacketAt: Nullable(DateTime),
});
export type DeviceConnection = Static<typeof DeviceConnection>;
export const DeviceConnectionsReply = Type.Object({ connections: Type.Array(DeviceConnection) });

export const DeviceCommandBody = Type.Object(
  {
    deviceId: Type.String({ pattern: '^[0-9]{15}$', examples: ['356307042441013'] }),
    command: Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7E]+$' }),
  },
  { additionalProperties: false },
);
export type DeviceCommandBody = Static<typeof DeviceCommandBody>;

export const DeviceCommandRecord = Type.Object({
  deviceId: Type.String(),
  receivedTime: DateTime,
  response: Type.String(),
});
export const DeviceCommandReply = Type.Object({
  deviceId: Type.String(),
  command: Type.String(),
  sentAt: DateTime,
  /** Null when the device did not answer within COMMAND_REPLY_WAIT_MS; a late answer is kept. */
  response: Nullable(Type.String()),
});
export type DeviceCommandReply = Static<typeof DeviceCommandReply>;
export const DeviceCommandsReply = Type.Object({ responses: Type.Array(DeviceCommandRecord) });
export type DeviceCommandsReply = Static<typeof DeviceCommandsReply>;

export const LoraReception = Type.Object({
  gatewayId: Type.String(),
  gatewayEui: Type.String(),
  gatewayName: Nullable(Type.String()),
  rssiDbm: Nullable(Type.Number()),
  snrDb: Nullable(Type.Number()),
});

export const LoraUplinkRecord = Type.Object({
  deviceId: Type.String(),
  deviceTime: DateTime,
  receivedTime: DateTime,
  /** The LoRaWAN frame counter; null when the network server did not pass it on. */
  fCnt: Nullable(Type.Integer()),
  /** The application payload as hexadecimal, when the network server passed the raw bytes. */
  payloadHex: Nullable(Type.String()),
  activityLevel: Nullable(Type.Number()),
  batteryV: Nullable(Type.Number()),
  temperatureC: Nullable(Type.Number()),
  /** Every decoded field as stored. */
  decoded: Type.Array(IoValue),
  receptions: Type.Array(LoraReception),
  /** Uplinks lost just before this one: the frame counter jumped by this many more than one. */
  lostBefore: Type.Integer({ minimum: 0 }),
});
export type LoraUplinkRecord = Static<typeof LoraUplinkRecord>;

export const FrameGap = Type.Object({
  deviceId: Type.String(),
  afterFCnt: Type.Integer(),
  beforeFCnt: Type.Integer(),
  lost: Type.Integer(),
  from: DateTime,
  to: DateTime,
});
export type FrameGap = Static<typeof FrameGap>;

export const LoraUplinksReply = Type.Object({
  uplinks: Type.Array(LoraUplinkRecord),
  total: Type.Integer(),
  unknownDevices: Type.Array(Type.String()),
  /** Over the whole range, not only the page. */
  gaps: Type.Array(FrameGap),
  devices: Type.Array(
    Type.Object({
      deviceId: Type.String(),
      uplinks: Type.Integer(),
      lost: Type.Integer(),
      /** Received over received and lost, in %. */
      deliveryPct: Nullable(Type.Number()),
    }),
  ),
});
export type LoraUplinksReply = Static<typeof LoraUplinksReply>;

export const IngestRequestRecord = Type.Object({
  id: Type.String(),
  deviceId: Type.String(),
  sourceType: Type.String(),
  receivedAt: DateTime,
  address: Nullable(Type.String()),
  status: Type.Integer(),
  body: Type.Unknown(),
  bodyTruncated: Type.Boolean(),
  stored: Type.Integer(),
  duplicates: Type.Integer(),
  invalid: Type.Integer(),
  quarantined: Type.Integer(),
  refused: Type.Array(Type.Object({ index: Type.Integer(), reason: Type.String() })),
  error: Nullable(Type.String()),
});
export type IngestRequestRecord = Static<typeof IngestRequestRecord>;
export const IngestRequestsReply = Type.Object({
  requests: Type.Array(IngestRequestRecord),
  total: Type.Integer(),
  unknownDevices: Type.Array(Type.String()),
  /** The named devices, whether they hold a JSON ingest key now, and the machine they are on. */
  sources: Type.Array(
    Type.Object({
      sourceId: Type.String(),
      deviceId: Type.String(),
      sourceType: Type.String(),
      hasKey: Type.Boolean(),
      machineName: Nullable(Type.String()),
    }),
  ),
});
export type IngestRequestsReply = Static<typeof IngestRequestsReply>;

/** from and to are days in each machine's organisation's zone, inclusive. */
export const DaysQuery = Type.Object(
  {
    from: Day,
    to: Day,
    sort: Type.Optional(Type.Union([Type.Literal('coverage'), Type.Literal('name')])),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    q: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type DaysQuery = Static<typeof DaysQuery>;

export const CompletenessMachine = Type.Object({
  machineId: Type.String(),
  name: Type.String(),
  organisationName: Type.String(),
  sources: Type.Array(Type.String()),
  /** The share of the range with data, in %: the machine list's missingPercentage value. */
  coveragePct: Nullable(Type.Number()),
  /** Per day of `days`, the same share; null before the machine's first data. */
  days: Type.Array(Nullable(Type.Number())),
});
export type CompletenessMachine = Static<typeof CompletenessMachine>;
export const CompletenessReply = Type.Object({
  days: Type.Array(Type.String()),
  machines: Type.Array(CompletenessMachine),
  total: Type.Integer(),
});
export type CompletenessReply = Static<typeof CompletenessReply>;

export const CompletenessDay = Type.Object({
  day: Type.String(),
  coveragePct: Nullable(Type.Number()),
  records: Type.Integer(),
  /** What the machine's devices should have sent at their reporting intervals while working. */
  expectedRecords: Type.Integer(),
  gaps: Type.Array(Type.Object({ from: DateTime, to: DateTime })),
});
export const MachineCompletenessReply = Type.Object({
  machineId: Type.String(),
  name: Type.String(),
  coveragePct: Nullable(Type.Number()),
  days: Type.Array(CompletenessDay),
});
export type MachineCompletenessReply = Static<typeof MachineCompletenessReply>;

export const CoverageQuery = Type.Object(
  {
    searchType: Type.Union([Type.Literal('gateway'), Type.Literal('sensor')]),
    /** Comma-separated sensor codes (DevEUIs). */
    sensors: Type.Optional(Type.String({ maxLength: 2000 })),
    /** Comma-separated gateway EUIs. */
    gateways: Type.Optional(Type.String({ maxLength: 2000 })),
    from: DateTime,
    to: DateTime,
  },
  { additionalProperties: false },
);
export type CoverageQuery = Static<typeof CoverageQuery>;

export const CoverageReply = Type.Object({
  gateways: Type.Array(
    Type.Object({
      id: Type.String(),
      eui: Type.String(),
      name: Nullable(Type.String()),
      organisationName: Nullable(Type.String()),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
      lastUplinkAt: Nullable(DateTime),
    }),
  ),
  sensors: Type.Array(
    Type.Object({
      id: Type.String(),
      code: Type.String(),
      machineName: Nullable(Type.String()),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
      lastSeenAt: Nullable(DateTime),
    }),
  ),
  links: Type.Array(
    Type.Object({
      gatewayId: Type.String(),
      sensorId: Type.String(),
      uplinks: Type.Integer(),
      rssiAvgDbm: Type.Number(),
      snrAvgDb: Type.Number(),
      rssiBestDbm: Nullable(Type.Number()),
      lastHeardAt: DateTime,
    }),
  ),
});
export type CoverageReply = Static<typeof CoverageReply>;

export const AuditRecord = Type.Object({
  id: Type.String(),
  at: DateTime,
  organisationId: Nullable(Type.String()),
  organisationName: Nullable(Type.String()),
  actorEmail: Nullable(Type.String()),
  /** `api.write` for a write through the API, else the module's name for the change. */
  action: Type.String(),
  method: Nullable(Type.String()),
  path: Nullable(Type.String()),
  status: Nullable(Type.Integer()),
  address: Nullable(Type.String()),
  details: Type.Unknown(),
});
export type AuditRecord = Static<typeof AuditRecord>;

export const RecomputeRun = Type.Object({
  id: Type.String(),
  machineId: Type.String(),
  fromDay: Type.String(),
  toDay: Type.String(),
  state: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ]),
  daysTotal: Type.Integer(),
  daysDone: Type.Integer(),
  requestedBy: Nullable(Type.String()),
  createdAt: DateTime,
  finishedAt: Nullable(DateTime),
  error: Nullable(Type.String()),
  /** Days whose rollup differs after the recompute, hours before and after; empty until done. */
  changes: Type.Array(
    Type.Object({
      day: Type.String(),
      field: Type.String(),
      before: Nullable(Type.Number()),
      after: Nullable(Type.Number()),
    }),
  ),
});
export type RecomputeRun = Static<typeof RecomputeRun>;

export const RecomputeBody = Type.Object(
  { fromDay: Day, toDay: Day },
  { additionalProperties: false },
);
export type RecomputeBody = Static<typeof RecomputeBody>;

export const MachineWorkingsReply = Type.Object({
  id: Type.String(),
  name: Type.String(),
  organisationId: Type.String(),
  organisationName: Type.String(),
  timezone: Type.String(),
  /** Which devices were on it when, newest first: `to` null while still on it. */
  sources: Type.Array(
    Type.Object({
      sourceId: Type.String(),
      type: Type.String(),
      code: Type.String(),
      from: DateTime,
      to: Nullable(DateTime),
      expectedIntervalS: Type.Integer(),
      lastSeenAt: Nullable(DateTime),
    }),
  ),
  hires: Type.Array(
    Type.Object({
      id: Type.String(),
      customerName: Nullable(Type.String()),
      siteName: Nullable(Type.String()),
      contractNumber: Nullable(Type.String()),
      startsAt: DateTime,
      endsAt: Nullable(DateTime),
    }),
  ),
  firstDay: Nullable(Type.String()),
  lastDay: Nullable(Type.String()),
  recomputes: Type.Array(RecomputeRun),
  /** The audit trail's entries that name the machine, newest first. */
  history: Type.Array(AuditRecord),
});
export type MachineWorkingsReply = Static<typeof MachineWorkingsReply>;

export const MachineDayQuery = Type.Object(
  {
    day: Day,
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DEBUG_PAGE_MAX_ROWS, default: 500 })),
  },
  { additionalProperties: false },
);
export type MachineDayQuery = Static<typeof MachineDayQuery>;

export const MachineDayReply = Type.Object({
  day: Type.String(),
  from: DateTime,
  to: DateTime,
  records: Type.Array(
    Type.Object({
      sourceType: Type.String(),
      sourceCode: Type.String(),
      deviceTime: DateTime,
      receivedTime: DateTime,
      ignition: Nullable(Type.Boolean()),
      movement: Nullable(Type.Boolean()),
      engineRunning: Nullable(Type.Boolean()),
      speedKmh: Nullable(Type.Number()),
      activityLevel: Nullable(Type.Number()),
      hourMeterH: Nullable(Type.Number()),
      fuelLevelL: Nullable(Type.Number()),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
      invalidReason: Nullable(Type.String()),
    }),
  ),
  recordsTotal: Type.Integer(),
  segments: Type.Array(Type.Object({ from: DateTime, to: DateTime, state: Type.String() })),
  /** The day's rollup in hours and litres; null when the engine has made none. */
  rollup: Nullable(
    Type.Object({
      activeH: Type.Number(),
      idleH: Type.Number(),
      offH: Type.Number(),
      missingH: Type.Number(),
      brokenDownH: Type.Number(),
      outOfHoursH: Type.Number(),
      fuelL: Type.Number(),
      distanceKm: Type.Number(),
      computedAt: DateTime,
    }),
  ),
});
export type MachineDayReply = Static<typeof MachineDayReply>;

export const AUDIT_SORTS = ['at'] as const;
export const AuditListQuery = SimpleListQuery;
export const AuditListReply = Type.Array(AuditRecord);
/** What the audit list's `filter` takes (JSON). */
export interface AuditFilter {
  /** Words found in the actor's e-mail, the action, the path or what was sent. */
  q?: string;
  action?: string;
  from?: string;
  to?: string;
  /** Staff only: one organisation's trail. */
  organisationId?: string;
}

const Count = Type.Integer({ minimum: 0 });
export const AdminOverviewReply = Type.Object({
  organisations: Type.Object({ total: Count, rental: Count, endUser: Count, both: Count }),
  /** Devices per protocol by how recently they reported, against their own reporting interval. */
  devices: Type.Array(
    Type.Object({
      sourceType: Type.String(),
      reporting: Count,
      late: Count,
      silent: Count,
      never: Count,
    }),
  ),
  /** Records received per protocol per hour, over the last INGEST_HOURS hours, oldest first. */
  ingest: Type.Object({
    hours: Type.Array(DateTime),
    bySourceType: Type.Array(
      Type.Object({ sourceType: Type.String(), records: Type.Array(Count) }),
    ),
  }),
  engine: Type.Object({
    /** Machines with days waiting for a recompute (after a restart, or staff's). */
    backlogMachines: Count,
    /**
     * With engines in processes of their own (docs/scaling.md): the ingest's commits stored in
     * JetStream and not yet recomputed by an engine. Null when this process recomputes its own, or
     * when JetStream did not answer.
     */
    brokerBatches: Nullable(Count),
    oldestWaitingAt: Nullable(DateTime),
    recomputesRunning: Count,
  }),
  feeds: Type.Object({
    total: Count,
    inError: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        error: Type.String(),
        lastPollAt: Nullable(DateTime),
      }),
    ),
  }),
  mail: Type.Object({ waiting: Count, failed: Count }),
  quarantined: Count,
  /** The devices silent longest, to start from. */
  silentDevices: Type.Array(
    Type.Object({
      sourceId: Type.String(),
      sourceType: Type.String(),
      code: Type.String(),
      machineId: Nullable(Type.String()),
      machineName: Nullable(Type.String()),
      lastSeenAt: Nullable(DateTime),
    }),
  ),
});
export type AdminOverviewReply = Static<typeof AdminOverviewReply>;
export const INGEST_HOURS = 12;

/** GET /v1/admin/outbox's mail caps, and what each organisation asked to be mailed over 24 hours. */
export const MailCapCounts = Type.Object({
  caps: Type.Object({
    organisationPerDay: Type.Integer(),
    userPerDay: Type.Integer(),
    outsidePerDay: Type.Integer(),
  }),
  organisations: Type.Array(
    Type.Object({
      organisationId: Type.String(),
      organisationName: Type.String(),
      members: Type.Integer(),
      outside: Type.Integer(),
      /** The user of the organisation who asked for the most, and how many. */
      topUserEmail: Nullable(Type.String()),
      topUserMails: Type.Integer(),
    }),
  ),
});
export type MailCapCounts = Static<typeof MailCapCounts>;
