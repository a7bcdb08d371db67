// The words of the account mails. Each link opens the portal's own screen for it.
import type { Mail } from '../mail/outbox.ts';

const link = (publicUrl: string, path: string, query: Record<string, string>) =>
  `${publicUrl.replace(/\/$/, '')}${path}?${new URLSearchParams(query).toString()}`;

const until = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function invitationMail(
  publicUrl: string,
  invite: {
    to: string;
    token: string;
    expiresAt: Date;
    organisationName: string;
    inviter: string | null;
  },
): Mail {
  const who = invite.inviter ?? 'An administrator';
  return {
    to: invite.to,
    subject: `You are invited to ${invite.organisationName} on the fleet portal`,
    body:
      `${who} invited you to join ${invite.organisationName} on the fleet portal.\n\n` +
      `Accept the invitation: ${link(publicUrl, '/rsvp', { token: invite.token })}\n\n` +
      `The link works once, until ${until(invite.expiresAt)}.`,
    emailType: 'invitations',
  };
}

export function passwordResetMail(
  publicUrl: string,
  reset: { to: string; code: string; expiresAt: Date },
): Mail {
  return {
    to: reset.to,
    subject: 'Reset your fleet portal password',
    body:
      `Someone, we hope you, asked to reset the password of ${reset.to} on the fleet portal.\n\n` +
      `Choose a new password: ${link(publicUrl, '/forgot-password/reset', { code: reset.code })}\n\n` +
      `The link works once, until ${until(reset.expiresAt)}. Setting a new password signs you ` +
      `out everywhere. If you did not ask for this, ignore this mail: your password stays as it is.`,
  };
}

export function registrationMail(
  publicUrl: string,
  registration: { to: string; token: string; expiresAt: Date; organisationName: string },
): Mail {
  return {
    to: registration.to,
    subject: 'Confirm your e-mail address for the fleet portal',
    body:
      `You registered ${registration.organisationName} on the fleet portal.\n\n` +
      `Confirm your address to sign in: ${link(publicUrl, '/register', { token: registration.token })}\n\n` +
      `The link works once, until ${until(registration.expiresAt)}.`,
  };
}

/** Sent instead of a second registration, so the reply never says whether the address exists. */
export function alreadyRegisteredMail(publicUrl: string, to: string): Mail {
  return {
    to,
    subject: 'You already have a fleet portal account',
    body:
      `Someone tried to register a new organisation with ${to}, which already has an account.\n\n` +
      `Sign in: ${link(publicUrl, '/login', { email: to })}\n` +
      `Forgot your password? ${link(publicUrl, '/forgot-password', { email: to })}`,
  };
}
