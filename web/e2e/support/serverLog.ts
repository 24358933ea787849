import { readFileSync } from 'node:fs';
import { MAILBOX_PORT, type CapturedMail } from './mailbox';

// The server under test writes its whole log, at info level, to this file
// (playwright.config.ts); at the end of the run checkServerLog reads it for
// every secret the server mailed (issue 25: whoever reads a log must not be
// able to answer, read or unsubscribe for a member, or take an invitation).

/** serverLog is the file the server's log goes to; set by playwright.config.ts. */
export function serverLog(): string {
  const path = process.env.CANTICA_E2E_SERVER_LOG;
  if (!path) throw new Error('CANTICA_E2E_SERVER_LOG is not set: playwright.config.ts sets it');
  return path;
}

// A secret as Cantica writes them: base32 or base64url text, or a UUID.
const SECRET = /^[A-Za-z0-9_-]{20,}$/;

/**
 * secretsIn lists the secrets a message's links carry: the path segment after /email/<kind>/ (email
 * links), /invitations/ and /feeds/, and every long token-like value of a query or a fragment
 * (confirmation, password reset, invitation, the event page's #rsvp=).
 */
export function secretsIn(mail: CapturedMail): string[] {
  const text = [mail.text, mail.html.replaceAll('&amp;', '&'), ...Object.values(mail.headers)].join('\n');
  const secrets = new Set<string>();
  for (const link of text.match(/https?:\/\/[^\s"'<>]+/g) ?? []) {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      continue;
    }
    const inPath = /^\/email\/[^/]+\/([^/]+)/.exec(url.pathname) ?? /\/(?:invitations|feeds)\/([^/]+?)(?:\.ics)?(?:\/|$)/.exec(url.pathname);
    const values = [...url.searchParams.values(), ...new URLSearchParams(url.hash.slice(1)).values()];
    if (inPath) values.push(decodeURIComponent(inPath[1]));
    for (const value of values) if (SECRET.test(value)) secrets.add(value);
  }
  return [...secrets];
}

/** checkServerLog fails naming each line of the server's log that holds a secret it mailed. */
export async function checkServerLog(): Promise<void> {
  const mails = (await (await fetch(`http://127.0.0.1:${MAILBOX_PORT}/messages`)).json()) as CapturedMail[];
  const lines = readFileSync(serverLog(), 'utf8').split('\n');
  const found: string[] = [];
  let secrets = 0;
  for (const mail of mails) {
    for (const secret of secretsIn(mail)) {
      secrets++;
      lines.forEach((line, i) => {
        if (line.includes(secret)) found.push(`line ${i + 1} holds a secret of "${mail.subject}" to ${mail.to.join(', ')}: ${line}`);
      });
    }
  }
  if (found.length > 0) {
    throw new Error(`The server's log ${serverLog()} holds secrets it mailed:\n${found.join('\n')}`);
  }
  console.log(`server log: none of the ${secrets} secrets of ${mails.length} mails is in its ${lines.length} lines (${serverLog()})`);
}
