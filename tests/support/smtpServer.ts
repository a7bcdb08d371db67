// A minimal SMTP server on 127.0.0.1 for tests: accepts every message (no TLS, no auth) and keeps
// what it was sent, so the outbox's delivery can be checked without a real mail server.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.invalid ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') mail.from = line.slice(10).trim();
        if (verb === 'RCPT') mail.to.push(line.slice(8).trim());
        if (verb === 'DATA') inData = true;
        const replies: Record<string, string> = {
          EHLO: '250 test.invalid',
          HELO: '250 test.invalid',
          DATA: '354 go ahead',
          QUIT: '221 bye',
        };
        reply(replies[verb] ?? '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A MIME entity's text: its transfer encoding (quoted-printable, base64) undone; of a multipart
 * one (text and HTML alternatives), the plain-text part's. */
function entityText(entity: string): string {
  const split = entity.indexOf('\n\n');
  // Folded header lines (a boundary often sits on a continuation line) joined first.
  const unfolded = entity.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const headers = unfolded.toLowerCase();
  const body = entity.slice(split + 2);
  const boundary = /content-type:\s*multipart\/[^\n]*boundary="?([^";\n]+)"?/i.exec(unfolded)?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => part.replace(/^\n/, ''));
    const plain = parts.find((part) => /^content-type:\s*text\/plain/im.test(part)) ?? parts[0];
    return plain === undefined ? '' : entityText(plain);
  }
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable'))
    return Buffer.from(
      body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** A received mail's text body, decoded. */
export function mailText(mail: ReceivedMail): string {
  return entityText(mail.data);
}

/** Waits (bounded) for a mail to `to` whose body links to `path`, and returns that link. */
export async function waitForMailLink(
  received: ReceivedMail[],
  to: string,
  path: string,
  timeoutMs = 20_000,
): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?\\S+`);
  while (Date.now() < deadline) {
    for (const mail of [...received].reverse()) {
      if (!mail.to.some((address) => address.includes(to))) continue;
      const match = mailText(mail).match(pattern);
      if (match) return new URL(match[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} linking to ${path}`);
}
