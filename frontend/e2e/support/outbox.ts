import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { RUN_OUTBOX } from './run';
import { until } from './until';

/** The run's outbox: the stack's backend has no SMTP_URL, so every mail is an .eml file in MAIL_OUTBOX_DIR. */
export function runOutbox(): string {
  const dir = process.env[RUN_OUTBOX];
  if (!dir) throw new Error('No outbox for this run (E2E_BASE_URL without E2E_OUTBOX).');
  return dir;
}

/** A mail file's headers and body with quoted-printable undone (soft line breaks joined, =XX decoded). */
export function decodeEml(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` whose Subject is `subject`, and answers its decoded text (the newest if several). */
export async function waitForMail(to: string, subject: string, timeoutMs = 20_000): Promise<string> {
  const dir = runOutbox();
  const found = async () => {
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse();
    for (const name of names) {
      const mail = decodeEml(await readFile(path.join(dir, name), 'utf8'));
      const head = mail.split(/\r?\n\r?\n/)[0];
      if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(head) && head.includes(`Subject: ${subject}`))
        return mail;
    }
    return null;
  };
  return until(found, `mail "${subject}" to ${to}`, timeoutMs).catch(() => {
    throw new Error(`No mail "${subject}" to ${to} in ${dir} after ${timeoutMs} ms`);
  });
}
