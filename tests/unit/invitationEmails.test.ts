import { describe, expect, it } from 'vitest';
import { parseInvitationEmails } from '../../src/domain/invitationEmails.ts';

describe('parseInvitationEmails (spec point 5)', () => {
  it('splits on commas, removes spaces, drops empty entries and repeats', () => {
    expect(
      parseInvitationEmails(
        ' ann@example.com, bo b@example.com,,\n cy@example.org , ANN@example.com,',
      ),
    ).toEqual({
      emails: ['ann@example.com', 'bob@example.com', 'cy@example.org'],
      invalid: [],
    });
  });

  it('keeps entries that are not addresses apart', () => {
    expect(parseInvitationEmails('ann@example.com, not-an-address, x@y')).toEqual({
      emails: ['ann@example.com'],
      invalid: ['not-an-address', 'x@y'],
    });
    expect(parseInvitationEmails(' , ')).toEqual({ emails: [], invalid: [] });
  });
});
