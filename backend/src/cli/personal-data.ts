/**
 * npm run personal-data -- seal-legacy
 * The one-time sealing of the events appended before issue 32 (docs/decisions.md, docs/operations.md): idempotent, safe
 * to run while the product runs. Uses the same settings as the product (DATABASE_URL, PERSONAL_DATA_KEY, EVENT_STORE).
 */
import { DataSource } from 'typeorm';
import { bootstrap } from '../bootstrap';
import { ENV, type Env } from '../config/env';
import { PERSONAL_DATA_KEYS } from '../event-store/event-store.module';
import type { PersonalDataKeys } from '../event-store/personal-data/personal-data-keys';
import { sealLegacyEvents } from '../event-store/personal-data/seal-legacy-events';

async function main() {
  const [command] = process.argv.slice(2);
  if (command !== 'seal-legacy') {
    console.error('Usage: npm run personal-data -- seal-legacy');
    process.exit(2);
  }
  const running = await bootstrap({ ROLE: 'worker', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', QRS_NO_RUNNERS: '1' });
  try {
    if (running.app.get<Env>(ENV).EVENT_STORE === 'esdb') {
      console.error('EVENT_STORE=esdb: events cannot be rewritten in place there; see docs/operations.md (copy the streams sealed).');
      process.exitCode = 1;
      return;
    }
    const dataSource = running.app.get(DataSource);
    const result = await sealLegacyEvents(
      (sql, params) => dataSource.query(sql, params),
      running.app.get<PersonalDataKeys>(PERSONAL_DATA_KEYS),
      {
        onProgress: ({ examined }) => process.stderr.write(`\r${examined} unsealed events examined`),
      },
    );
    if (result.examined) process.stderr.write('\n');
    console.log(
      `${result.sealed} events sealed, ${result.erased} sealed as erased, ${result.examined - result.sealed - result.erased} name nobody`,
    );
  } finally {
    await running.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
