// The account mails, in the language chosen for their recipient (mailLanguage.ts). Each link opens
// the portal's own screen for it.
import { type Mail, MAIL_WORDS, type MailLanguage } from '../mail/index.ts';

const link = (publicUrl: string, path: string, query: Record<string, string>) =>
  `${publicUrl.replace(/\/$/, '')}${path}?${new URLSearchParams(query).toString()}`;

const until = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function invitationMail(
  publicUrl: string,
  language: MailLanguage,
  invite: {
    to: string;
    token: string;
    expiresAt: Date;
    organisationName: string;
    inviter: string | null;
  },
): Mail {
  const words = MAIL_WORDS[language].invitation;
  return {
    to: invite.to,
    subject: words.subject(invite.organisationName),
    body: words.body(
      invite.inviter,
      invite.organisationName,
      link(publicUrl, '/rsvp', { token: invite.token }),
      until(invite.expiresAt),
    ),
    emailType: 'invitations',
    language,
  };
}

export function passwordResetMail(
  publicUrl: string,
  language: MailLanguage,
  reset: { to: string; code: string; expiresAt: Date },
): Mail {
  const words = MAIL_WORDS[language].reset;
  return {
    to: reset.to,
    subject: words.subject,
    body: words.body(
      reset.to,
      link(publicUrl, '/forgot-password/reset', { code: reset.code }),
      until(reset.expiresAt),
    ),
    language,
  };
}

export function registrationMail(
  publicUrl: string,
  language: MailLanguage,
  registration: { to: string; token: string; expiresAt: Date; organisationName: string },
): Mail {
  const words = MAIL_WORDS[language].registration;
  return {
    to: registration.to,
    subject: words.subject,
    body: words.body(
      registration.organisationName,
      link(publicUrl, '/register', { token: registration.token }),
      until(registration.expiresAt),
    ),
    language,
  };
}

/** Sent instead of a second registration, so the reply never says whether the address exists. */
export function alreadyRegisteredMail(publicUrl: string, language: MailLanguage, to: string): Mail {
  const words = MAIL_WORDS[language].alreadyRegistered;
  return {
    to,
    subject: words.subject,
    body: words.body(
      to,
      link(publicUrl, '/login', { email: to }),
      link(publicUrl, '/forgot-password', { email: to }),
    ),
    language,
  };
}

/** To the account's owner when its second step was failed up to the ceiling (auth/routes.ts). */
export function secondFactorGuessedMail(
  publicUrl: string,
  language: MailLanguage,
  guessed: { to: string; failures: number },
): Mail {
  const words = MAIL_WORDS[language].secondFactorGuessed;
  return {
    to: guessed.to,
    subject: words.subject,
    body: words.body(
      guessed.to,
      guessed.failures,
      link(publicUrl, '/forgot-password', { email: guessed.to }),
    ),
    language,
  };
}
