// Polls each configured OEM feed when it is due, one feed at a time: its equipment is matched to
// the feed organisation's machines (by PIN, or by OEM, model and serial number), its readings go
// through the same ingest as every device, and the outcome is kept on the feed for staff to see.
import type { Database } from '../../db/database.ts';
import type { AempEquipment } from '../adapters/aemp.ts';
import { resolvedPrivateReason } from './feedAddress.ts';
import type { Ingest } from '../ingest.ts';
import { AempClient, FeedError, type AempFeedConfig, type FeedAuth } from './aempClient.ts';

/**
 * OEM units report their counters when the machine reports, often only while it works: a gap of up
 * to MISSING_FACTOR times this is spread as hours, not marked missing (docs/activity.md).
 */
export const OEM_EXPECTED_INTERVAL_S = 24 * 3600;
const CHECK_EVERY_MS = 15_000;

export interface OemFeedRow {
  id: string;
  organisation_id: string;
  source_type: string;
  base_url: string;
  format: 'xml' | 'json';
  auth: 'none' | 'basic' | 'oauth2';
  username: string | null;
  secret: string | null;
  token_url: string | null;
  scope: string | null;
}

export interface PollResult {
  pages: number;
  equipment: number;
  /** Equipment newly matched to a machine by this poll. */
  matched: number;
  /** Equipment the feed names that no machine of the organisation matches yet. */
  unassigned: number;
  unidentified: number;
  stored: number;
  duplicates: number;
  error: string | null;
}

function feedAuth(row: OemFeedRow): FeedAuth {
  if (row.auth === 'basic') {
    return { kind: 'basic', username: row.username ?? '', password: row.secret ?? '' };
  }
  if (row.auth === 'oauth2') {
    return {
      kind: 'oauth2',
      tokenUrl: row.token_url ?? '',
      clientId: row.username ?? '',
      clientSecret: row.secret ?? '',
      scope: row.scope,
    };
  }
  return { kind: 'none' };
}

export function feedConfig(row: OemFeedRow): AempFeedConfig {
  return {
    baseUrl: row.base_url,
    format: row.format,
    sourceType: row.source_type,
    auth: feedAuth(row),
  };
}

/**
 * Creates the page's sources and assigns the unassigned ones to the one machine they match.
 * Returns how many were newly assigned and how many remain unassigned.
 */
async function matchEquipment(
  db: Database,
  feed: OemFeedRow,
  equipment: AempEquipment[],
): Promise<{ matched: number; unassigned: number }> {
  if (equipment.length === 0) return { matched: 0, unassigned: 0 };
  const column = (read: (e: AempEquipment) => string | null) => equipment.map(read);
  const codes = column((e) => e.code);
  const params = [
    feed.organisation_id,
    feed.source_type,
    codes,
    column((e) => e.header.pin),
    column((e) => e.header.oemName),
    column((e) => e.header.model),
    column((e) => e.header.serialNumber),
  ];
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO source (type, code, expected_interval_s, expected_interval_off_s)
       SELECT $1, code, $3, $3 FROM unnest($2::text[]) AS e(code)
       ON CONFLICT (type, code) DO NOTHING`,
      [feed.source_type, codes, OEM_EXPECTED_INTERVAL_S],
    );
    // A machine is taken only when exactly one of the organisation's machines matches.
    // Each reported machine's match worked out once, before the update joins it (MATERIALIZED):
    // inlined, the matches were worked out again for each of the feed's sources, and a page of 100
    // of a 1,000-machine feed took 3.4 s (docs/performance.md).
    const matched = await tx.query<{ id: string }>(
      `WITH e AS MATERIALIZED (
         SELECT e.code,
                coalesce(
                  (SELECT CASE WHEN count(*) = 1 THEN min(m.id::text)::uuid END FROM machine m
                    WHERE m.organisation_id = $1 AND m.archived_at IS NULL
                      AND e.pin IS NOT NULL AND lower(m.pin) = lower(e.pin)),
                  (SELECT CASE WHEN count(*) = 1 THEN min(m.id::text)::uuid END FROM machine m
                    WHERE m.organisation_id = $1 AND m.archived_at IS NULL
                      AND e.serial IS NOT NULL AND lower(m.serial_number) = lower(e.serial)
                      AND lower(m.oem) = lower(e.oem)
                      AND (e.model IS NULL OR lower(m.model) = lower(e.model)))
                ) AS machine_id
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
             AS e(code, pin, oem, model, serial))
       UPDATE source s SET machine_id = e.machine_id FROM e
        WHERE s.type = $2 AND s.code = e.code AND s.machine_id IS NULL AND e.machine_id IS NOT NULL
        RETURNING s.id`,
      params,
    );
    const [left] = await tx.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM source
        WHERE type = $1 AND code = ANY($2::text[]) AND machine_id IS NULL`,
      [feed.source_type, codes],
    );
    return { matched: matched.length, unassigned: left?.count ?? 0 };
  });
}

export interface OemFeedPollerOptions {
  fetch?: typeof fetch;
  /** Feeds on loopback, link-local or private addresses are polled only when this is set. */
  allowPrivate?: boolean;
  log?: { error(o: object, m: string): void };
  checkEveryMs?: number;
}

export class OemFeedPoller {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> = Promise.resolve();
  /** One client per feed keeps its OAuth2 token between polls. */
  private readonly clients = new Map<string, { config: string; client: AempClient }>();
  /** Feeds this process serves itself (the demo's OEM portal), polled on loopback. */
  private readonly trusted = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly ingest: Ingest,
    private readonly options: OemFeedPollerOptions = {},
  ) {}

  /** Lets a feed this process serves itself be polled on a private address. */
  trust(feedId: string): void {
    this.trusted.add(feedId);
  }

  /** The fetch a feed's client uses: each URL (the base, `next` links, the token URL) checked first. */
  private fetchFor(feedId: string): typeof fetch {
    const fetcher = this.options.fetch ?? fetch;
    if (this.options.allowPrivate || this.trusted.has(feedId)) return fetcher;
    return async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const reason = await resolvedPrivateReason(url).catch((error: unknown) => {
        throw new FeedError(`The address of ${url} could not be resolved: ${String(error)}`);
      });
      if (reason) {
        throw new FeedError(
          `${url} is refused: ${reason}. Set OEM_FEED_ALLOW_PRIVATE=true for an on-premises feed.`,
        );
      }
      return fetcher(input, init);
    };
  }

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.pollDue());
    }, this.options.checkEveryMs ?? CHECK_EVERY_MS);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Polls every enabled feed whose interval has passed. */
  async pollDue(): Promise<void> {
    const due = await this.db.query<{ id: string }>(
      `SELECT id FROM oem_feed
        WHERE enabled AND (last_polled_at IS NULL
              OR last_polled_at + interval_s * interval '1 second' <= now())
        ORDER BY last_polled_at NULLS FIRST`,
    );
    for (const feed of due) {
      try {
        await this.poll(feed.id);
      } catch (error) {
        this.options.log?.error({ err: error, feedId: feed.id }, 'OEM feed poll failed');
      }
    }
  }

  /** Reads the whole snapshot now; a feed error is kept on the feed and returned, not thrown. */
  async poll(feedId: string): Promise<PollResult | null> {
    const [feed] = await this.db.query<OemFeedRow>('SELECT * FROM oem_feed WHERE id = $1', [
      feedId,
    ]);
    if (!feed) return null;
    const result: PollResult = {
      pages: 0,
      equipment: 0,
      matched: 0,
      unassigned: 0,
      unidentified: 0,
      stored: 0,
      duplicates: 0,
      error: null,
    };
    const config = feedConfig(feed);
    const configKey = JSON.stringify(config);
    let cached = this.clients.get(feed.id);
    if (cached?.config !== configKey) {
      cached = { config: configKey, client: new AempClient(config, this.fetchFor(feed.id)) };
      this.clients.set(feed.id, cached);
    }
    try {
      for await (const page of cached.client.pages()) {
        result.pages++;
        result.equipment += page.equipment.length;
        result.unidentified += page.unidentified;
        const { matched, unassigned } = await matchEquipment(this.db, feed, page.equipment);
        result.matched += matched;
        result.unassigned += unassigned;
        const stored = await this.ingest(page.equipment.flatMap((e) => e.records));
        result.stored += stored.stored;
        result.duplicates += stored.duplicates;
      }
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      result.error = error.message;
    }
    await this.db.query(
      `UPDATE oem_feed SET last_polled_at = now(), last_error = $2,
              last_success_at = CASE WHEN $2::text IS NULL THEN now() ELSE last_success_at END,
              last_equipment = CASE WHEN $2::text IS NULL THEN $3 ELSE last_equipment END
        WHERE id = $1`,
      [feed.id, result.error, result.equipment],
    );
    return result;
  }
}
