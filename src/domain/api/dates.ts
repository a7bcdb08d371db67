// The date shapes of /v1 requests. The formats are checked by src/domain/dates.ts (registered with
// the server's validator), so an impossible or out-of-bounds date is a 400 naming its field. The
// formats' patterns are anchored and short, so they bound the length too.
import Type from 'typebox';

/** yyyy-MM-dd, a real day from 2000 to 2100. */
export const Day = Type.String({ format: 'day' });
/** 'max', a day, or an RFC 3339 instant with an offset. */
export const RangeBound = Type.String({ format: 'range-bound' });
/** An RFC 3339 instant with an offset, from 2000 to 2100. */
export const DateTime = Type.String({ format: 'date-time' });
/** An IANA time zone name, such as Europe/London. */
export const TimeZone = Type.String({ format: 'time-zone', minLength: 1, maxLength: 64 });
