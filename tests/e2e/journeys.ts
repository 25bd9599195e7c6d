import { afterEach } from 'vitest';
import { openJourney, type Journey, type Stack } from './harness.ts';

/**
 * A test file's visitors: each test opens fresh browser contexts (no cookies, storage or history)
 * at one width, closed after it; `at` is an address on the file's server, `uniqueEmail` an
 * address no other test of the file signs up with.
 */
export function journeysForThisFile(stack: Pick<Stack, 'server' | 'browser'>, width?: number) {
  const journeys: Journey[] = [];
  let emails = 0;
  afterEach(async () => {
    await Promise.all(journeys.splice(0).map((journey) => journey.context.close()));
  });
  return {
    async newJourney(): Promise<Journey> {
      const journey = await openJourney(stack.browser, width);
      journeys.push(journey);
      return journey;
    },
    at: (path: string) => `${stack.server.baseUrl}${path}`,
    uniqueEmail: (label: string) => `${label}-${++emails}@example.com`,
  };
}
