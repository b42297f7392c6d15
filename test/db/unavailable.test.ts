import { expect } from 'chai';
import { databaseUnavailability, markCommitFailure, unavailableFailure } from '../../src/db/unavailable.js';

/** The drivers' words for an unavailable database (src/db/unavailable.ts), row by row; and what is not one. */

const coded = (code: string, message = 'failed'): Error => Object.assign(new Error(message), { code });

const unavailable: [string, unknown, string][] = [
  ['connection refused', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'ECONNREFUSED'],
  ['connection reset', coded('ECONNRESET'), 'ECONNRESET'],
  ['connect timed out', coded('ETIMEDOUT'), 'ETIMEDOUT'],
  ['broken pipe', coded('EPIPE'), 'EPIPE'],
  ['terminated by an administrator', coded('57P01', 'terminating connection due to administrator command'), '57P01'],
  ['crash of another backend', coded('57P02'), '57P02'],
  ['starting up', coded('57P03', 'the database system is starting up'), '57P03'],
  ['connection exception', coded('08006'), '08006'],
  ['too many connections', coded('53300'), '53300'],
  ['pg: connection terminated', new Error('Connection terminated unexpectedly'), 'connection terminated'],
  [
    'knex: pool acquire timeout',
    new Error('Knex: Timeout acquiring a connection. The pool is probably full.'),
    'pool acquire timeout',
  ],
  ['SQLite busy', coded('SQLITE_BUSY', 'database is locked'), 'SQLITE_BUSY'],
  ['SQLite busy snapshot', coded('SQLITE_BUSY_SNAPSHOT'), 'SQLITE_BUSY_SNAPSHOT'],
  ['SQLite locked', coded('SQLITE_LOCKED'), 'SQLITE_LOCKED'],
  ['SQLite I/O error', coded('SQLITE_IOERR_WRITE'), 'SQLITE_IOERR_WRITE'],
  ['SQLite disk full', coded('SQLITE_FULL'), 'SQLITE_FULL'],
  ['SQLite cannot open', coded('SQLITE_CANTOPEN'), 'SQLITE_CANTOPEN'],
  [
    "Node's connect to several addresses",
    Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), { code: undefined }),
    'ECONNREFUSED',
  ],
];

const notUnavailable: [string, unknown][] = [
  ['a unique violation', coded('23505', 'duplicate key value violates unique constraint')],
  ['a serialization failure', coded('40001')],
  ['a syntax error', coded('42601')],
  ['a SQLite constraint', coded('SQLITE_CONSTRAINT_UNIQUE')],
  ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ['a file missing', coded('ENOENT')],
  ['a client that left before sending its body (raw-body)', coded('ECONNABORTED', 'request aborted')],
  ['not an error', 'Connection terminated unexpectedly'],
  ['null', null],
];

describe('src/db/unavailable.ts: which errors say the database is unavailable', () => {
  for (const [name, error, cause] of unavailable) {
    it(`${name}: unavailable, cause ${cause}`, () => {
      expect(databaseUnavailability(error)).to.deep.equal({ cause, mayHaveCommitted: false });
    });
  }
  for (const [name, error] of notUnavailable) {
    it(`${name}: not unavailable`, () => {
      expect(databaseUnavailability(error)).to.equal(undefined);
      expect(unavailableFailure(error)).to.equal(undefined);
    });
  }

  it('a failure at COMMIT may have committed: marked by inSqlTransaction, or knex\'s "COMMIT;" prefix', () => {
    const marked = coded('57P01');
    markCommitFailure(marked);
    expect(databaseUnavailability(marked)).to.deep.equal({ cause: '57P01', mayHaveCommitted: true });
    const knexCommit = new Error('COMMIT; - Connection terminated unexpectedly');
    expect(databaseUnavailability(knexCommit)).to.deep.equal({
      cause: 'connection terminated',
      mayHaveCommitted: true,
    });
    const failure = unavailableFailure(knexCommit);
    expect(failure?.code).to.equal('service_unavailable');
    expect(failure?.headers).to.deep.equal({ 'retry-after': '1' });
    expect(failure?.context).to.deep.equal({ may_have_committed: true });
    expect(failure?.detail).to.match(/may have been applied.*same client_order_id or Idempotency-Key/);
  });

  it('a failure before COMMIT says only that the service is briefly unavailable', () => {
    const failure = unavailableFailure(coded('ECONNREFUSED'));
    expect(failure?.detail).to.match(/^The service is briefly unavailable/);
    expect(failure?.detail).not.to.match(/may have been applied/);
    expect(failure?.context).to.deep.equal({ may_have_committed: false });
  });
});
