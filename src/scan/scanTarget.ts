// Where a scanned or typed label leads (issue 44). The portal's labels hold its own links: a
// device's /qr?code=…&claim=…, an asset's /asset/{id}; those open here whatever host printed them.
// Anything else that is no link is a code, looked up as /qr?code= looks it up.
const OWN_PATHS = /^\/(qr$|asset\/[^/]+$)/;

export function scanTarget(text: string): string | null {
  const scanned = text.trim();
  if (!scanned) return null;
  let url: URL;
  try {
    url = new URL(scanned);
  } catch {
    return `/qr?${new URLSearchParams({ code: scanned }).toString()}`;
  }
  if (!/^https?:$/.test(url.protocol)) return null;
  return OWN_PATHS.test(url.pathname) ? url.pathname + url.search : null;
}
