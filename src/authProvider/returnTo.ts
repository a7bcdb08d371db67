// Where to go once signed in, for a page opened before signing in (a QR label's link): kept for the
// tab across the sign-in and the choice of organisation, taken once.
const KEY = 'fleet.returnTo';

/** Only a path of this portal: never another site. */
const isOwnPath = (path: string) => path.startsWith('/') && !path.startsWith('//');

export function rememberReturn(path: string): void {
  if (isOwnPath(path)) sessionStorage.setItem(KEY, path);
}

export function takeReturn(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && isOwnPath(path) ? path : null;
}
