// The ingest as Prometheus sees it (issue 45): records by protocol and outcome, and each batch's
// time from arrival to commit, which is what its device waits for the acknowledgement.
import { ingestAckSeconds, ingestRecords } from '../observability/metrics.ts';
import type { Ingest } from './ingest.ts';

export function observeIngest(ingest: Ingest): Ingest {
  return async (records) => {
    // A listener's batch is one protocol's.
    const protocol = records[0]?.sourceType ?? 'none';
    const stop = ingestAckSeconds.startTimer({ protocol });
    const result = await ingest(records);
    stop();
    // Stored records include those stored as unusable (`invalid`), counted apart here.
    ingestRecords.inc({ protocol, outcome: 'stored' }, result.stored - result.invalid);
    ingestRecords.inc({ protocol, outcome: 'invalid' }, result.invalid);
    ingestRecords.inc({ protocol, outcome: 'duplicate' }, result.duplicates);
    ingestRecords.inc({ protocol, outcome: 'quarantined' }, result.quarantined);
    return result;
  };
}
