import type { Problem } from '../../src/config/node/validation/checkConfig.ts';

/** A request the studio refuses: the HTTP status, a sentence for people, the checker's problems. */
export class StudioError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}
