import { runScanFaults } from './scan-faults.harness';

describe('scans under faults: worker SIGKILLed and restarted, Redis frozen and restarted', () => {
  it('stores exactly one Scanned event per 302, no id twice, and analytics equal the raw counts', async () => {
    const report = await runScanFaults({
      scans: 1500,
      codes: 5,
      concurrency: 16,
      workerKills: 3,
      redisFreezeMs: 600,
      redisDownMs: 800,
      log: (line) => process.env.VERBOSE && console.log(line),
    });
    console.log(`scan faults: ${JSON.stringify(report)}`);
    expect(report.otherAnswers).toBe(0);
    expect(report.redirects).toBe(report.scans);
    expect(report.scannedEvents).toBe(report.redirects);
    expect(report.distinctIds).toBe(report.scannedEvents);
    expect(report.workerKills).toBe(3);
    expect(report.storedDirectly).toBeGreaterThan(0);
    expect(report.codesMismatched).toEqual([]);
    expect(report.analyticsTotal).toBe(report.redirects);
  }, 170_000);
});
