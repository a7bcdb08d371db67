// The cache the service worker keeps the portal's reads in, for reading offline (issue 40); signing
// out empties it, so the next person on the device reads nothing of the last one's.
export const OFFLINE_CACHE = 'portal-reads';
