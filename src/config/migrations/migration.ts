/**
 * One step of a partner file's format, from one version to the next (see ./index.ts). In its own
 * module so the steps and the list of steps both import it without importing each other.
 */
export interface Migration {
  from: number;
  to: number;
  /** What the step changes, in a few words, for the warning and the migrate command. */
  summary: string;
  migrate(data: Record<string, unknown>): Record<string, unknown>;
}
