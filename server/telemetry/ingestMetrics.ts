// The ingest as Prometheus and traces see it (issue 45): records by protocol and outcome, each
// batch's time from arrival to commit (what its device waits for the acknowledgement), and each
// batch as the first span of its trace.
import { ingestAckSeconds, ingestRecords } from '../observability/metrics.ts';
import { inSpan, SpanKind } from '../observability/tracing.ts';
import type { Ingest } from './ingest.ts';

export function observeIngest(ingest: Ingest): Ingest {
  return async (records) => {
    // A listener's batch is one protocol's.
    const protocol = records[0]?.sourceType ?? 'none';
    const stop = ingestAckSeconds.startTimer({ protocol });
    // A device's packet starts its trace here: the commit, and the hand-off to the engines, are in it.
    const result = await inSpan(
      'ingest batch',
      {
        kind: SpanKind.SERVER,
        attributes: { 'fleet.protocol': protocol, 'fleet.records': records.length },
      },
      () => ingest(records),
    );
    stop();
    // Stored records include those stored as unusable (`invalid`), counted apart here.
    ingestRecords.inc({ protocol, outcome: 'stored' }, result.stored - result.invalid);
    ingestRecords.inc({ protocol, outcome: 'invalid' }, result.invalid);
    ingestRecords.inc({ protocol, outcome: 'duplicate' }, result.duplicates);
    ingestRecords.inc({ protocol, outcome: 'quarantined' }, result.quarantined);
    return result;
  };
}
