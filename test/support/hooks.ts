import { removeTestDatabases } from './databases.js';

/** Mocha root hooks: the throwaway PostgreSQL and SQLite files go when the run ends. */
export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    // Stopping the cluster and removing a hundred databases' files takes a while on a busy machine.
    this.timeout(180_000);
    await removeTestDatabases();
  },
};
