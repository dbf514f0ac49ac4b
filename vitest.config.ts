import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['apps/**/src/**/*.test.ts', 'packages/**/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // API suites each open their own databases; two cores run two files at a time.
    maxWorkers: 2,
    // CI totals every suite from the JSON reports (.ci/count-results.mjs).
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
  },
})
