// Spec point 5: the invitation's e-mail input is split on commas, spaces removed, empty entries
// dropped. Each address is then checked, and each appears once.

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface InvitationEmails {
  emails: string[];
  /** Entries that are not e-mail addresses, as typed. */
  invalid: string[];
}

export function parseInvitationEmails(input: string): InvitationEmails {
  const entries = input
    .split(',')
    .map((entry) => entry.replace(/\s+/g, ''))
    .filter((entry) => entry !== '');
  const emails: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!EMAIL.test(entry) || entry.length > 254) {
      invalid.push(entry);
      continue;
    }
    const key = entry.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    emails.push(entry);
  }
  return { emails, invalid };
}
