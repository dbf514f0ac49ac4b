import { defineConfig } from 'vitest/config'

/**
 * The proof suites (`npm run proof`): long loads, races of 20 rounds of 100 and crashes, on
 * SQLite and PostgreSQL. They are not part of `vitest run` (their files end in `.proof.ts`);
 * one file at a time, since each one loads the machine on purpose.
 */
export default defineConfig({
  test: {
    include: ['apps/server/src/proof/**/*.proof.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 600_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
})
