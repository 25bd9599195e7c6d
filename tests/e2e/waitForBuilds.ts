import { beforeAll, inject } from 'vitest';
import { waitForBuilds } from './builds.ts';

// The end-to-end projects' setup file: the builds globalSetup.ts started are done before a file's
// own hooks start its servers (they serve those builds). A hang guard, not a speed bound.
beforeAll(() => waitForBuilds(inject('e2eBuildStatusDir')), 600_000);
