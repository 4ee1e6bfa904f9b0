import { afterAll } from 'vitest';
import { removeTempDirs } from './test-support/server.ts';

// Server tests run real stores on real files: a full run made about 16 GB of data dirs, which must not
// pile up in the temp dir of a CI machine or a developer's laptop.
afterAll(removeTempDirs);
