import { endTestRun, removeTestDatabases, startTestRun } from './databases.js';

/**
 * Mocha root hooks: a test file's SQLite files go when it ends. The throwaway PostgreSQL clusters last the run: each
 * process (each of mocha's workers) starts its own on first use and keeps it from file to file, and the run's teardown,
 * in mocha's main process, stops them all.
 */
export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(180_000);
    await removeTestDatabases();
  },
};

/** Before mocha forks its workers, which inherit the run's directory from the environment. */
export function mochaGlobalSetup(): void {
  startTestRun();
}

export function mochaGlobalTeardown(): void {
  endTestRun();
}
