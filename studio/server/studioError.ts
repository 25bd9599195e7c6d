import { createHash } from 'node:crypto';
import type { Problem } from '../../src/config/node/validation/checkConfig.ts';

/** A request the studio API refuses, with its status and its sentence for people. */
export class StudioError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

export const hashText = (text: string) => createHash('sha256').update(text).digest('hex');
