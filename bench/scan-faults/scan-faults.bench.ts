import { runScanFaults } from '../../backend/src/scans/scan-faults.harness';

async function main() {
  const options = {
    scans: Number(process.env.BENCH_SCANS ?? 20_000),
    codes: Number(process.env.BENCH_CODES ?? 20),
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
    workerKills: Number(process.env.BENCH_KILLS ?? 5),
    redisFreezeMs: 1500,
    redisDownMs: 2000,
    log: (line: string) => console.log(`  ${line}`),
  };
  console.log(
    `bench/scan-faults: N=${options.scans} scans over ${options.codes} codes, concurrency ${options.concurrency}, ${options.workerKills} ` +
      `worker SIGKILLs, Redis frozen ${options.redisFreezeMs} ms and down ${options.redisDownMs} ms`,
  );
  const report = await runScanFaults(options);
  console.log(
    `N ${report.scans} | 302s ${report.redirects} | other answers ${report.otherAnswers} | Scanned events ${report.scannedEvents} | ` +
      `distinct ids ${report.distinctIds} | stored directly (Redis failing) ${report.storedDirectly} | worker kills ` +
      `${report.workerKills} (+${report.workerSelfRestarts} restarts after failed starts) | analytics total ${report.analyticsTotal} | ` +
      `codes mismatched ${report.codesMismatched.length} | ${report.seconds.toFixed(1)} s`,
  );
  const ok =
    report.otherAnswers === 0 &&
    report.scannedEvents === report.redirects &&
    report.distinctIds === report.scannedEvents &&
    report.analyticsTotal === report.redirects &&
    report.codesMismatched.length === 0;
  console.log(ok ? 'OK: nothing lost, nothing doubled' : 'FAILED: counts disagree');
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
