// The link to a machine's details (spec point 2): the screen's range when it is one of dates, and
// the way back (`url`) to the screen as it is now.
export function machineLink(
  id: string,
  backUrl: string,
  range: { startDate?: string | null; endDate?: string | null },
): string {
  const query = new URLSearchParams({ url: backUrl });
  const { startDate, endDate } = range;
  if (startDate && endDate && startDate !== 'max' && endDate !== 'max') {
    query.set('startDate', startDate);
    query.set('endDate', endDate);
  }
  return `/machines/${id}?${query.toString()}`;
}
