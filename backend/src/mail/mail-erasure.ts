import type { EntityManager } from 'typeorm';
import { contactStream } from '../contact';
import type { EventStore } from '../event-store/event-store';
import type { PersonalDataErased } from '../event-store/personal-data/personal-data-erased';
import type { AddressHash } from '../event-store/personal-data/personal-data-registry';

/** What an erased ledger row's recipient reads as (a `user:{id}` recipient names an id, and stays). */
export const ERASED_RECIPIENT = '(erased)';

/**
 * The sent ledger's part of an erasure (issue 32): the rows that name an erased subject lose their recipient address,
 * template data and last error; a row not sent yet is skipped (never sent to an erased person), and a key or
 * Message-ID made from an address is replaced by a random one. Which rows, by subject:
 * - `user:{id}`: rows addressed to `user:{id}` (their data may hold the first name);
 * - `email:{tenant}:{hash}` and `subscriber:{tenant}:{hash}`: that tenant's rows whose recipient, or whose data's
 *   `email` (a contact message to support), is the address (matched by the salted hash, row by row: erasures are rare
 *   and the ledger has no index on the recipient);
 * - `payer:{hash}`: payment receipts to the address, any tenant;
 * - `contact:{messageId}`: the mails of that message's event (to support and the acknowledgement to the sender).
 * Applied by the dispatcher when it meets `PersonalDataErased` in `$all`, in its batch's transaction: replayed, it finds
 * nothing left to erase.
 */
export async function eraseFromLedger(
  erasure: PersonalDataErased,
  tx: EntityManager,
  deps: { hash: AddressHash; store: Pick<EventStore, 'readStream'> },
): Promise<number> {
  const keys = await rowsOf(erasure.subject, tx, deps);
  if (!keys.length) return 0;
  await tx.query(
    `UPDATE mail_ledger SET
       key = CASE WHEN strpos(key, '@') > 0 THEN 'erased:' || gen_random_uuid() ELSE key END,
       message_id = CASE WHEN strpos(key, '@') > 0 THEN '<erased-' || gen_random_uuid() || '@erased.invalid>' ELSE message_id END,
       recipient = CASE WHEN recipient LIKE 'user:%' THEN recipient ELSE $2 END,
       data = '{}', last_error = NULL, updated_at = now(),
       status = CASE WHEN status IN ('pending', 'sending', 'failed') THEN 'skipped' ELSE status END
     WHERE key = ANY($1::text[])`,
    [keys, ERASED_RECIPIENT],
  );
  return keys.length;
}

async function rowsOf(
  subject: string,
  tx: EntityManager,
  { hash, store }: { hash: AddressHash; store: Pick<EventStore, 'readStream'> },
): Promise<string[]> {
  const [kind, ...rest] = subject.split(':');
  const select = async (where: string, params: unknown[]) =>
    (await tx.query(`SELECT key, recipient, data->>'email' AS email FROM mail_ledger WHERE ${where}`, params)) as {
      key: string;
      recipient: string;
      email: string | null;
    }[];
  switch (kind) {
    case 'user':
      return (await select(`recipient = $1 AND (data <> '{}'::jsonb OR status IN ('pending', 'sending', 'failed'))`, [subject])).map(
        (row) => row.key,
      );
    case 'email':
    case 'subscriber': {
      const [tenant, addressHash] = rest;
      const rows = await select(`client_id = $1 AND recipient <> $2 AND (strpos(recipient, '@') > 0 OR data ? 'email')`, [
        Number(tenant),
        ERASED_RECIPIENT,
      ]);
      const named = (address: string | null) => !!address && address.includes('@') && hash('email', address) === addressHash;
      return rows.filter((row) => named(row.recipient) || named(row.email)).map((row) => row.key);
    }
    case 'payer': {
      const rows = await select(`kind = 'payment-receipt' AND strpos(recipient, '@') > 0`, []);
      return rows.filter((row) => hash('payer', row.recipient) === rest[0]).map((row) => row.key);
    }
    case 'contact': {
      const sources = (await store.readStream(contactStream(rest.join(':')))).map((event) => event.id);
      if (!sources.length) return [];
      return (await select(`source_id = ANY($1::text[]) AND recipient <> $2`, [sources, ERASED_RECIPIENT])).map((row) => row.key);
    }
    default:
      return [];
  }
}
