/**
 * npm run projections -- status
 * npm run projections -- rebuild <name|all>
 * Uses the same settings as the product (DATABASE_URL or the embedded database, EVENT_STORE, REDIS_URL).
 */
import { DataSource } from 'typeorm';
import { bootstrap } from '../bootstrap';
import { EventStore, StoreLag } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { DATABASE_URL } from '../database/database.module';
import { AdvisoryLocks } from '../projections/advisory-locks';
import { ProjectionRecords } from '../projections/projection-records';
import { readCheckpoint } from '../projections/projection-runner';
import { ProjectionsService } from '../projections/projections.service';
import { rebuildProjection, RebuildProgress } from '../projections/rebuild';
import { REBUILD_LOCK } from '../projections/rebuild-worker';

function progressBar(name: string) {
  const started = Date.now();
  let lastDraw = 0;
  return ({ read, total }: RebuildProgress, final = false) => {
    const now = Date.now();
    if (!final && now - lastDraw < 100) return;
    lastDraw = now;
    const rate = Math.round(read / Math.max((now - started) / 1000, 0.001));
    const width = 30;
    const share = total ? Math.min(read / total, 1) : 0;
    const bar = total
      ? `[${'#'.repeat(Math.round(share * width)).padEnd(width, '.')}] ${(share * 100).toFixed(1).padStart(5)}%`
      : '[ replaying ]';
    process.stderr.write(`\r${name.padEnd(16)} ${bar} ${read}${total ? `/${total}` : ''} events, ${rate}/s${final ? '\n' : ''}`);
  };
}

/** The lag as the console shows it: the same question to the store (EventStore.lag), a capped count marked with '+'. */
const lagText = (lag: StoreLag | null) => (lag ? `${lag.events}${lag.capped ? '+' : ''}` : 'n/a');

async function main() {
  const [command, target] = process.argv.slice(2);
  if (command !== 'status' && command !== 'rebuild') {
    console.error('Usage: npm run projections -- status | rebuild <name|all>');
    process.exit(2);
  }
  const running = await bootstrap({ ROLE: 'worker', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', QRS_NO_RUNNERS: '1' });
  try {
    const projections = running.app.get(ProjectionsService);
    const store = running.app.get<EventStore>(EVENT_STORE);
    const dataSource = running.app.get(DataSource);
    if (command === 'status') {
      console.log('projection'.padEnd(20), 'checkpoint (commit/prepare)'.padEnd(32), 'lag (events)');
      for (const projection of projections.list()) {
        const checkpoint = await readCheckpoint(dataSource.manager, projection.name);
        const lag = lagText(await store.lag(checkpoint));
        console.log(projection.name.padEnd(20), `${checkpoint.commit}/${checkpoint.prepare}`.padEnd(32), lag);
      }
      console.log(`dead letters: ${await running.app.get(ProjectionRecords).deadLetterCount()}`);
      return;
    }
    const selected = target === 'all' ? projections.list() : projections.list().filter((projection) => projection.name === target);
    if (!target || selected.length === 0) {
      console.error(
        `Unknown projection '${target ?? ''}'. Known: ${projections
          .list()
          .map((p) => p.name)
          .join(', ')}, or all`,
      );
      process.exitCode = 2;
      return;
    }
    // The staff console's rebuilds run in a worker under this lock: one rebuild at a time, whoever started it.
    const locks = new AdvisoryLocks(running.app.get<string>(DATABASE_URL), 'qrsharks-rebuild-cli');
    if (!(await locks.tryLock(REBUILD_LOCK, () => undefined))) {
      await locks.close();
      console.error("Another rebuild is running (see the staff console's Operations page); try again when it has finished.");
      process.exitCode = 1;
      return;
    }
    try {
      for (const projection of selected) {
        const draw = progressBar(projection.name);
        const started = Date.now();
        const result = await rebuildProjection(projection, store, dataSource, draw);
        draw({ read: result.events, total: result.events }, true);
        console.log(
          `${projection.name}: rebuilt from ${result.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s and swapped in`,
        );
      }
    } finally {
      await locks.close();
    }
  } finally {
    await running.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
