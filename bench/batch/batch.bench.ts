/**
 * bench/batch (issue 35): a BENCH_ROWS-row (default 1,000) batch created from a CSV, then zipped (PNG, through the
 * render pool) and printed (A4 3 × 8 PDF), on a booted app (role `all`) in this process; the times of each, and the
 * process's peak resident memory while each ran (sampled every 20 ms; the render processes are children and count apart).
 */
import { createTemplateDatabase, dropTemplateDatabase } from '../../backend/src/test-support/database';
import { TestClient } from '../../backend/src/test-support/http';
import { postMultipart } from '../../backend/src/codes/codes.test-kit';
import { startTestApp } from '../../backend/src/test-support/test-app';
import { signUp } from '../../backend/src/test-support/users';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function measured<T>(what: string, step: () => Promise<T>): Promise<T> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    return await step();
  } finally {
    clearInterval(sampler);
    console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${mb(peak)}`);
  }
}

async function main(): Promise<void> {
  // Its own template: the test runs' shared one is never dropped by a bench.
  process.env.QRS_TEMPLATE_DB ??= 'qrs_bench_batch_template';
  await createTemplateDatabase();
  const app = await startTestApp({ BATCH_MAX_ROWS: String(Math.max(ROWS, 5000)), RENDER_PROCESSES: process.env.RENDER_PROCESSES ?? '2' });
  try {
    const owner = new TestClient(app.url);
    await signUp(owner);
    const lines = ['qrType,name,url,style.foregroundColor,style.dotShape'];
    for (let row = 1; row <= ROWS; row++)
      lines.push(`url,Table ${row},https://menu.example/tables/${row},#1a237e,${row % 2 ? 'square' : 'circle'}`);
    const csv = Buffer.from(lines.join('\n'));
    console.log(`${ROWS} rows, CSV ${(csv.length / 1024).toFixed(0)} KB; RSS at start ${mb(process.memoryUsage().rss)}`);
    const id = await measured('create (202 to state done)', async () => {
      const res = await postMultipart(owner, '/api/batches', { name: 'Bench' }, [
        { name: 'file', filename: 'bench.csv', contentType: 'text/csv', data: csv },
      ]);
      if (res.status !== 202) throw new Error(`POST /api/batches: ${res.status} ${res.text}`);
      const batchId = String(res.body.id);
      for (;;) {
        const batch = (await owner.get(`/api/batches/${batchId}`)).body as { state: string; created: number; failed: unknown[] };
        if (batch.state === 'done' || batch.state === 'failed') {
          console.log(`  ${batch.state}: ${batch.created} created, ${batch.failed.length} failed`);
          return batchId;
        }
        await sleep(200);
      }
    });
    await measured('codes.zip?format=png', async () => {
      const res = await owner.get(`/api/batches/${id}/codes.zip?format=png`);
      console.log(`  ${res.status}, ${mb(res.buffer.length)}`);
    });
    await measured('print.pdf?layout=a4-3x8', async () => {
      const res = await owner.get(`/api/batches/${id}/print.pdf?layout=a4-3x8`);
      console.log(
        `  ${res.status}, ${mb(res.buffer.length)}, ${(res.buffer.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length} pages`,
      );
    });
  } finally {
    await app.close();
    await dropTemplateDatabase();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
