import { removeTestDatabases } from './databases.js';

/** Mocha root hooks: the throwaway PostgreSQL and SQLite files go when the run ends. */
export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(30_000);
    await removeTestDatabases();
  },
};
