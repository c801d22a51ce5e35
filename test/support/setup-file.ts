// vitest's setup file (vitest.config.ts), run in each test file before its own code. The hook it
// registers is the file's first, and vitest runs afterAll hooks last-registered first, so endFile runs
// after every afterAll of the file: whatever those stop has stopped before its folder goes. (An
// afterAll registered from a beforeAll or a test is never run, hence this one place.)
import { afterAll } from 'vitest';
import { endFile } from './file-end.ts';

afterAll(endFile);
