import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical violations on the page as it is now. The engine is evaluated through the DevTools
 * protocol (page.evaluate), which the pages' CSP does not apply to, so no policy is loosened for the test.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // A colour in the middle of a transition (a button fading from disabled to enabled, 250 ms in MUI) is no colour the
  // page shows for long, and axe would judge its contrast: the scan waits until every finite animation has ended
  // (endless ones, such as a progress spinner, are left running).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // one that never settles is judged as it is, as before
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeRaw[] }> } }).axe;
    interface AxeRaw {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; html: string }[];
    }
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => `${node.target.map(String).join(' ')}: ${node.html.slice(0, 300)}`),
      }));
  });
}
