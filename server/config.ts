// Every server setting, read from the environment once at start-up and checked.
import path from 'node:path';
import { DEFAULT_TILE_LAYER, type TileLayer } from '../src/domain/api/mapLayers.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded files (logos) are kept: the files storage's directory. */
  filesDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** 'auto' is pretty lines for people on a terminal, JSON lines otherwise (server/logging.ts). */
  logFormat: 'auto' | 'json' | 'pretty';
  /** Error reports one browser (user and address) may send a minute (POST /v1/client-errors). */
  clientErrorReportsPerMinute: number;
  demoData: boolean;
  demoAdminEmail: string;
  demoPassword: string;
  /** Built portal files; absent in API-only tests. */
  webDir: string | undefined;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** Teltonika devices over TCP and UDP on this port; null when switched off. */
  teltonikaPort: number | null;
  /** Days of history the demo trackers send when they first connect. */
  demoHistoryDays: number;
  /** The bearer token Digital Matter's HTTP connector sends; the endpoint is off without one. */
  digitalMatterToken: string | undefined;
  /** Bearer tokens of the LoRaWAN network servers' webhooks; each endpoint is off without one. */
  ttsToken: string | undefined;
  chirpstackToken: string | undefined;
  /** Where mail goes (smtp: or smtps: URL); without it mail stays in the outbox table. */
  smtpUrl: string | undefined;
  /** The sender of the portal's mail. */
  mailFrom: string;
  /** The base map's tile servers; empty when only the built-in country outline is wanted. */
  mapTileLayers: TileLayer[];
  /** Origins (scheme://host[:port]) allowed to frame /embedded, besides the portal itself. */
  embedAllowedOrigins: string[];
  /** Requests a minute one user from one address may make; devices' ingest has its own. */
  rateLimitPerMinute: number;
  ingestRateLimitPerMinute: number;
  /** Expensive calls (reports, heat maps) computed at once: per user, and in all. */
  expensivePerUser: number;
  expensiveTotal: number;
  /** Recipients one shared location may go to, and shared-location mails per user per hour. */
  shareMaxRecipients: number;
  shareMailsPerHour: number;
  /**
   * Mail asked for through the portal (invitations, reports run now and their outside recipients,
   * shared locations) over the last 24 hours: per organisation, per user, and to addresses
   * outside the organisation (server/modules/mailCaps).
   */
  mailCaps: { organisationPerDay: number; userPerDay: number; outsidePerDay: number };
  /** OEM feeds on loopback, link-local or private addresses (an on-premises feed); off by default. */
  oemFeedAllowPrivate: boolean;
  /** How long an invitation link, a password-reset link and a registration link work. */
  invitationTtlS: number;
  passwordResetTtlS: number;
  registrationTtlS: number;
  /** Whether anyone may register a new organisation at /register; closed unless the demo runs. */
  registration: 'open' | 'closed';
  /** The demo's own OpenID provider's port (0: any free one); it runs only with the demo. */
  demoOidcPort: number;
  /** Integrating applications that may sign people in at /int_fftools: name to shared secret. */
  customTokenIssuers: Record<string, string>;
  /** A scheduled report's file goes with its mail up to this size; a larger one as a link. */
  reportAttachmentMaxBytes: number;
  /** How long the link to a report file in a mail works. */
  reportLinkTtlS: number;
  /** How often this process looks for due scheduled reports and queued report files; 0: never. */
  reportPollMs: number;
  /** A member's waiting alerts go in one mail once the oldest has waited this long. */
  alertBatchS: number;
  /** How often each process looks for silent devices and alert mails to send; 0 never. */
  alertPollMs: number;
  /** How often the api reads the devices' hour-meter values into meter readings; 0 never. */
  meterPollMs: number;
  /** How often each api process looks for webhook deliveries due and hires to announce; 0 never. */
  webhookPollMs: number;
  /** How long a webhook's receiver has to answer before the attempt counts as failed. */
  webhookTimeoutMs: number;
  /** Webhook targets on loopback, link-local or private addresses (on-premises); off by default. */
  webhookAllowPrivate: boolean;
  /** The largest document a user may upload. */
  documentMaxBytes: number;
  /**
   * What this process does (docs/scaling.md): everything (`all`), the portal and `/v1` (`api`),
   * the device listeners and webhooks (`ingest`), or the recomputes (`engine`).
   */
  role: Role;
  /**
   * The bearer token GET /metrics asks for (issue 45); unset, the process serves no metrics. At
   * least 16 characters: it guards figures about the whole fleet's traffic.
   */
  metricsToken: string | undefined;
  /**
   * NATS with JetStream between ingest and engines (nats://host:port); without it the ingest hands
   * its commits to the engine of its own process, so only `all` may run.
   */
  natsUrl: string | undefined;
  /** The JetStream stream (and the subjects' prefix) that carries the ingest's commits. */
  natsStream: string;
  /** How long an engine may hold a batch unacknowledged before another engine takes it over. */
  natsAckWaitS: number;
  /** Months of raw telemetry kept in PostgreSQL; older months' partitions are dropped. 0 keeps all. */
  telemetryRetentionMonths: number;
  /** Retention per organisation (docs/privacy.md): the shortest period it may set and the defaults. */
  retention: RetentionSettings;
}

/** Days kept; 0 in a default keeps everything. */
export interface RetentionSettings {
  minDays: number;
  recordsDays: number;
  positionsDays: number;
  auditDays: number;
}

export const ROLES = ['all', 'api', 'ingest', 'engine'] as const;
export type Role = (typeof ROLES)[number];

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${env[name]}'`);
}

function metricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN;
  if (!token) return undefined;
  if (token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  return token;
}

function retention(env: Env): RetentionSettings {
  const minDays = integer(env, 'RETENTION_MIN_DAYS', 30, 1, 36_500);
  const period = (name: string) => {
    const days = integer(env, name, 0, 0, 36_500);
    if (days > 0 && days < minDays)
      throw new ConfigError(`${name} must be 0 or at least RETENTION_MIN_DAYS (${minDays})`);
    return days;
  };
  return {
    minDays,
    recordsDays: period('RETENTION_RECORDS_DAYS'),
    positionsDays: period('RETENTION_POSITIONS_DAYS'),
    auditDays: period('RETENTION_AUDIT_DAYS'),
  };
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}`);
  }
  return raw;
}

/** `name=secret,name=secret`: each application's HS256 secret, at least 32 characters. */
function customTokenIssuers(env: Env): Record<string, string> {
  const issuers: Record<string, string> = {};
  for (const entry of (env.CUSTOM_TOKEN_ISSUERS ?? '').split(',')) {
    if (!entry.trim()) continue;
    const at = entry.indexOf('=');
    const name = entry.slice(0, at).trim();
    const value = entry.slice(at + 1).trim();
    if (at < 1 || !/^[A-Za-z0-9._-]{1,64}$/.test(name))
      throw new ConfigError('CUSTOM_TOKEN_ISSUERS must be name=secret pairs separated by commas');
    if (value.length < 32)
      throw new ConfigError(`CUSTOM_TOKEN_ISSUERS: the secret of ${name} needs 32 characters`);
    issuers[name] = value;
  }
  return issuers;
}

function secret(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (value.length < 16) throw new ConfigError(`${name} must have at least 16 characters`);
  return value;
}

/**
 * MAP_TILE_URL (a URL template with {z}, {x} and {y}; 'off' for none), MAP_TILE_ATTRIBUTION,
 * MAP_TILE_NAME and MAP_TILE_MAX_ZOOM; OpenStreetMap's tiles when unset.
 */
function tileLayers(env: Env): TileLayer[] {
  const raw = env.MAP_TILE_URL;
  if (raw === 'off') return [];
  if (raw === undefined || raw === '') return [DEFAULT_TILE_LAYER];
  let protocol = '';
  try {
    protocol = new URL(raw.replace(/\{[a-z]\}/g, '0')).protocol;
  } catch {
    // not a URL: refused below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new ConfigError("MAP_TILE_URL must be an http: or https: URL template, or 'off'");
  }
  if (!['{z}', '{x}', '{y}'].every((part) => raw.includes(part))) {
    throw new ConfigError("MAP_TILE_URL must hold {z}, {x} and {y}, or be 'off'");
  }
  const attribution = env.MAP_TILE_ATTRIBUTION;
  if (!attribution) {
    throw new ConfigError(
      'MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL: the tile server’s terms ask for it',
    );
  }
  return [
    {
      name: env.MAP_TILE_NAME || 'Map',
      url: raw,
      attribution,
      maxZoom: integer(env, 'MAP_TILE_MAX_ZOOM', 19, 1, 24),
    },
  ];
}

/** A comma-separated list of web origins, each checked. */
function origins(env: Env, name: string): string[] {
  const raw = env[name];
  if (!raw) return [];
  return raw.split(',').map((item) => {
    const value = item.trim();
    let origin = '';
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
    } catch {
      // refused below
    }
    if (!origin || origin !== value.replace(/\/$/, '')) {
      throw new ConfigError(
        `${name} must list origins such as https://intranet.example.com, separated by commas; got '${value}'`,
      );
    }
    return origin;
  });
}

function role(env: Env, natsUrl: string | undefined, databaseUrl: string | undefined): Role {
  const raw = env.ROLE || 'all';
  if (!(ROLES as readonly string[]).includes(raw))
    throw new ConfigError(`ROLE must be one of ${ROLES.join(', ')}, got '${raw}'`);
  if (raw !== 'all' && !databaseUrl)
    throw new ConfigError(`ROLE=${raw} needs DATABASE_URL: processes share one PostgreSQL`);
  if ((raw === 'ingest' || raw === 'engine') && !natsUrl)
    throw new ConfigError(`ROLE=${raw} needs NATS_URL: the ingest hands its work to engines there`);
  return raw as Role;
}

function registration(env: Env, demoData: boolean): Config['registration'] {
  const raw = env.REGISTRATION;
  if (raw === undefined || raw === '') return demoData ? 'open' : 'closed';
  if (raw !== 'open' && raw !== 'closed')
    throw new ConfigError(`REGISTRATION must be open or closed, got '${raw}'`);
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`,
    );
  }
  const logFormat = (env.LOG_FORMAT || 'auto') as Config['logFormat'];
  if (!['auto', 'json', 'pretty'].includes(logFormat)) {
    throw new ConfigError(`LOG_FORMAT must be auto, json or pretty, got '${env.LOG_FORMAT}'`);
  }
  const demoPassword = env.DEMO_PASSWORD || 'Demo-portal-1';
  if (demoPassword.length < 8)
    throw new ConfigError('DEMO_PASSWORD must have at least 8 characters');
  const demoAdminEmail = env.DEMO_ADMIN_EMAIL || 'admin@demo.example';
  if (!/^[^@\s]+@[^@\s]+$/.test(demoAdminEmail)) {
    throw new ConfigError(`DEMO_ADMIN_EMAIL is not an e-mail address: '${demoAdminEmail}'`);
  }
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const natsUrl = url(env, 'NATS_URL', ['nats:', 'tls:']);
  const natsStream = env.NATS_STREAM || 'TELEMETRY';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(natsStream))
    throw new ConfigError(
      `NATS_STREAM may hold letters, digits, - and _ only, got '${natsStream}'`,
    );
  const demoData = boolean(env, 'DEMO_DATA', true);
  const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    filesDir: path.resolve(env.FILES_DIR || path.join(env.DATA_DIR || './data', 'files')),
    databaseUrl,
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${publicHost}:${port}`,
    logLevel,
    logFormat,
    demoData,
    demoAdminEmail,
    demoPassword,
    webDir: env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR || './dist/web'),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    accessTokenTtlS: integer(env, 'ACCESS_TOKEN_TTL_S', 900, 60, 3600),
    refreshTokenTtlS: integer(env, 'REFRESH_TOKEN_TTL_S', 30 * 86_400, 3600, 365 * 86_400),
    teltonikaPort:
      env.TELTONIKA_PORT === 'off' ? null : integer(env, 'TELTONIKA_PORT', 5027, 0, 65535),
    demoHistoryDays: integer(env, 'DEMO_HISTORY_DAYS', 7, 0, 60),
    digitalMatterToken: secret(env, 'DIGITALMATTER_TOKEN'),
    ttsToken: secret(env, 'LORAWAN_TTS_TOKEN'),
    chirpstackToken: secret(env, 'LORAWAN_CHIRPSTACK_TOKEN'),
    mapTileLayers: tileLayers(env),
    embedAllowedOrigins: origins(env, 'EMBED_ALLOWED_ORIGINS'),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 1200, 10, 10_000_000),
    ingestRateLimitPerMinute: integer(env, 'INGEST_RATE_LIMIT_PER_MINUTE', 60_000, 10, 10_000_000),
    expensivePerUser: integer(env, 'EXPENSIVE_PER_USER', 2, 1, 100),
    expensiveTotal: integer(env, 'EXPENSIVE_TOTAL', 4, 1, 1000),
    shareMaxRecipients: integer(env, 'SHARE_MAX_RECIPIENTS', 10, 1, 20),
    clientErrorReportsPerMinute: integer(env, 'CLIENT_ERROR_REPORTS_PER_MINUTE', 10, 1, 1_000_000),
    shareMailsPerHour: integer(env, 'SHARE_MAILS_PER_HOUR', 30, 1, 10_000),
    mailCaps: {
      organisationPerDay: integer(env, 'MAIL_CAP_ORGANISATION_PER_DAY', 1000, 1, 10_000_000),
      userPerDay: integer(env, 'MAIL_CAP_USER_PER_DAY', 200, 1, 10_000_000),
      outsidePerDay: integer(env, 'MAIL_CAP_OUTSIDE_PER_DAY', 200, 1, 10_000_000),
    },
    reportAttachmentMaxBytes: integer(env, 'REPORT_ATTACHMENT_MAX_BYTES', 5_000_000, 0, 25_000_000),
    reportLinkTtlS: integer(env, 'REPORT_LINK_TTL_S', 7 * 86_400, 600, 90 * 86_400),
    reportPollMs: integer(env, 'REPORT_POLL_MS', 15_000, 0, 3_600_000),
    alertBatchS: integer(env, 'ALERT_BATCH_S', 300, 0, 86_400),
    alertPollMs: integer(env, 'ALERT_POLL_MS', 60_000, 0, 3_600_000),
    meterPollMs: integer(env, 'METER_POLL_MS', 300_000, 0, 3_600_000),
    webhookPollMs: integer(env, 'WEBHOOK_POLL_MS', 2000, 0, 3_600_000),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookAllowPrivate: boolean(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    documentMaxBytes: integer(env, 'DOCUMENT_MAX_BYTES', 20_000_000, 1_000, 200_000_000),
    oemFeedAllowPrivate: boolean(env, 'OEM_FEED_ALLOW_PRIVATE', false),
    invitationTtlS: integer(env, 'INVITATION_TTL_S', 7 * 86_400, 600, 90 * 86_400),
    passwordResetTtlS: integer(env, 'PASSWORD_RESET_TTL_S', 3600, 300, 86_400),
    registrationTtlS: integer(env, 'REGISTRATION_TTL_S', 86_400, 600, 30 * 86_400),
    registration: registration(env, demoData),
    demoOidcPort: integer(env, 'DEMO_OIDC_PORT', 0, 0, 65535),
    customTokenIssuers: customTokenIssuers(env),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Fleet portal <no-reply@localhost>',
    role: role(env, natsUrl, databaseUrl),
    metricsToken: metricsToken(env),
    natsUrl,
    natsStream,
    natsAckWaitS: integer(env, 'NATS_ACK_WAIT_S', 30, 1, 3600),
    telemetryRetentionMonths: integer(env, 'TELEMETRY_RETENTION_MONTHS', 0, 0, 1200),
    retention: retention(env),
  };
}
