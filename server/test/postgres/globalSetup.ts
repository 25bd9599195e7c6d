import type { TestProject } from 'vitest/node';
import { startCluster } from './cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway cluster (server/test/postgres/cluster.ts). */
    postgresUrl: string;
  }
}

/** One throwaway Postgres cluster per test run, stopped and removed at the end. */
export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
