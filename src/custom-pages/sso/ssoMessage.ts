// What the sign-in popup tells the page that opened it, and how that page waits for it.
import type { TokenReply } from '../../domain/api/auth.ts';
import { SSO_MESSAGE_TYPE } from '../../domain/api/sso.ts';
import { links } from '../../domain/paths.ts';

export type SsoMessage =
  | { type: typeof SSO_MESSAGE_TYPE; ok: true; tokens: TokenReply }
  | { type: typeof SSO_MESSAGE_TYPE; ok: false; code: string };

/** Why the popup gave no sign-in: closed by the user, blocked, or the code it reported. */
export class SsoPopupError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const POLL_MS = 500;

/** Tells the opener (same origin only) how the sign-in ended; false when there is no opener. */
export function tellOpener(message: SsoMessage): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  opener.postMessage(message, window.location.origin);
  return true;
}

/** Opens /sso for the address in a popup and resolves with our tokens when it signs in. */
export function signInWithPopup(email: string): Promise<TokenReply> {
  return new Promise((resolve, reject) => {
    const popup = window.open(links.sso(email), 'fleet-portal-sso', 'popup,width=520,height=720');
    if (!popup) return reject(new SsoPopupError('POPUP_BLOCKED'));
    const finish = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      const message = event.data as Partial<SsoMessage> | null;
      if (event.origin !== window.location.origin || message?.type !== SSO_MESSAGE_TYPE) return;
      finish();
      popup.close();
      if (message.ok === true && message.tokens) resolve(message.tokens);
      else reject(new SsoPopupError((message.ok === false && message.code) || 'SERVER_ERROR'));
    };
    // Closed before it answered: the user gave up (spec point 8: LoginPopupClosedErrorMessage).
    const watch = setInterval(() => {
      if (!popup.closed) return;
      finish();
      reject(new SsoPopupError('POPUP_CLOSED'));
    }, POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
