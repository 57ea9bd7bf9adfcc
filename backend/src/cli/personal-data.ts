/**
 * npm run personal-data -- seal-legacy
 * The one-time sealing of the events appended before issue 32 (docs/decisions.md, docs/operations.md), then the renaming
 * of the streams whose ids named a person to their salted names (one transaction): idempotent, safe to run while the
 * product runs. Uses the same settings as the product (DATABASE_URL, PERSONAL_DATA_KEY, STREAM_NAME_SALT, EVENT_STORE).
 */
import { DataSource } from 'typeorm';
import { bootstrap } from '../bootstrap';
import { ENV, type Env } from '../config/env';
import { PERSONAL_DATA_KEYS, STREAM_NAMES } from '../event-store/event-store.module';
import type { PersonalDataKeys } from '../event-store/personal-data/personal-data-keys';
import { renameLegacyStreams } from '../event-store/personal-data/rename-legacy-streams';
import { sealLegacyEvents } from '../event-store/personal-data/seal-legacy-events';
import type { StreamNames } from '../event-store/personal-data/stream-names';

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
    const names = running.app.get<StreamNames>(STREAM_NAMES);
    const renaming = await dataSource.transaction((manager) => renameLegacyStreams((sql, params) => manager.query(sql, params), names));
    console.log(`${renaming.renamed} streams renamed to salted names (${renaming.merged} merged), ${renaming.events} events moved`);
  } finally {
    await running.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
