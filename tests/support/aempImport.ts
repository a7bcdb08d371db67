// What the OEM-feed poller stored for an organisation's machines from one feed (issue 43's round
// trip): each machine's latest operating hours and position, by its PIN (else serial number), as
// the engine and the meters read them. The round-trip test and its bench compare these with the
// feed's own pages.
import type { Queryable } from '../../server/db/database.ts';

export interface ImportedReading {
  code: string;
  operating_hours_h: number | null;
  latitude: number | null;
  longitude: number | null;
}

export const importedReadings = (db: Queryable, organisationId: string, sourceType: string) =>
  db.query<ImportedReading>(
    `SELECT coalesce(m.pin, m.serial_number) AS code, h.operating_hours_h, p.latitude, p.longitude
       FROM machine m JOIN source s ON s.machine_id = m.id
       LEFT JOIN LATERAL (SELECT t.operating_hours_h FROM telemetry_record t
                           WHERE t.source_id = s.id AND t.operating_hours_h IS NOT NULL
                           ORDER BY t.device_time DESC LIMIT 1) h ON true
       LEFT JOIN LATERAL (SELECT t.latitude, t.longitude FROM telemetry_record t
                           WHERE t.source_id = s.id AND t.latitude IS NOT NULL
                           ORDER BY t.device_time DESC LIMIT 1) p ON true
      WHERE m.organisation_id = $1 AND s.type = $2`,
    [organisationId, sourceType],
  );
