import { createServer, type Server } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for the end-to-end tests: the Cantica binary under test
// sends its mail here, and tests read it back over a small HTTP endpoint
// (the tests run in other processes than the one that starts this).

export const SMTP_PORT = Number(process.env.CANTICA_E2E_SMTP_PORT ?? 12525);
export const MAILBOX_PORT = Number(process.env.CANTICA_E2E_MAILBOX_PORT ?? 12526);

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Lower-case header names to their raw values, e.g. list-unsubscribe. */
  headers: Record<string, string>;
}

/** startMailbox starts the SMTP server and the read-back endpoint; returns a stop function. */
export async function startMailbox(): Promise<() => Promise<void>> {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(SMTP_PORT, '127.0.0.1', resolve);
  });
  const http: Server = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://localhost').searchParams.get('to')?.toLowerCase();
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  });
  await new Promise<void>((resolve) => http.listen(MAILBOX_PORT, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}

/** mailTo waits for the nth message (counting from 1) to an address whose subject contains a text. */
export async function mailTo(address: string, subject: string, nth = 1): Promise<CapturedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${MAILBOX_PORT}/messages?to=${encodeURIComponent(address)}`);
    const all = ((await res.json()) as CapturedMail[]).filter((m) => m.subject.includes(subject));
    if (all.length >= nth) return all[nth - 1];
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" #${nth} to ${address} (got ${all.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** linkIn finds the first link in a message's text containing a path. */
export function linkIn(mail: CapturedMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path));
  if (!link) throw new Error(`no link to ${path} in: ${mail.text}`);
  return link;
}

/** mailsTo lists every message delivered so far to an address. */
export async function mailsTo(address: string): Promise<CapturedMail[]> {
  const res = await fetch(`http://127.0.0.1:${MAILBOX_PORT}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as CapturedMail[];
}
