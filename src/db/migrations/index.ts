import type { Knex } from 'knex';
import * as identity from './0001_identity.js';
import * as reference from './0002_reference.js';
import * as platform from './0003_platform.js';
import * as oauth from './0004_oauth.js';
import * as trading from './0005_trading.js';
import * as inference from './0006_inference.js';
import * as autoBuys from './0007_auto_buys.js';
import * as lotSuppliers from './0008_lot_suppliers.js';
import * as inferenceLeases from './0009_inference_leases.js';
import * as replayGuard from './0010_replay_guard.js';
import * as throttles from './0011_throttles.js';
import * as restingOrders from './0012_resting_orders.js';
import * as orderBookVersions from './0013_order_book_versions.js';
import * as apiKeyRevocations from './0014_api_key_revocations.js';
import * as deposits from './0015_deposits.js';
import * as participantControls from './0016_participant_controls.js';
import * as orderControls from './0017_order_controls.js';
import * as deadManSwitches from './0018_dead_man_switches.js';
import * as consumptionControls from './0019_consumption_controls.js';
import * as issuanceAccounts from './0020_issuance_accounts.js';
import * as tradesBySequence from './0022_trades_by_sequence.js';
import * as autoTopUp from './0023_auto_top_up.js';
import * as tradingReferenceChanges from './0024_trading_reference_changes.js';
import * as ledgerAuditRuns from './0025_ledger_audit_runs.js';
import * as replicaReadFences from './0026_replica_read_fences.js';
import * as specBreaches from './0027_spec_breaches.js';
import * as supplierEndpoints from './0028_supplier_endpoints.js';
import * as qualificationRuns from './0029_qualification_runs.js';
import * as receiptsByEndpoint from './0030_receipts_by_endpoint.js';
import * as endpointWatch from './0031_endpoint_watch.js';
import * as withdrawals from './0032_withdrawals.js';
import * as lotsBySupplier from './0033_lots_by_supplier.js';
import * as rateBucketLastTake from './0034_rate_bucket_last_take.js';
import * as routingChanges from './0035_routing_changes.js';
import * as processMarkets from './0036_process_markets.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Every migration, in order. Listed here rather than found on disk, so compiled and source trees agree. */
const migrations: [string, Migration][] = [
  ['0001_identity', identity],
  ['0002_reference', reference],
  ['0003_platform', platform],
  ['0004_oauth', oauth],
  ['0005_trading', trading],
  ['0006_inference', inference],
  ['0007_auto_buys', autoBuys],
  ['0008_lot_suppliers', lotSuppliers],
  ['0009_inference_leases', inferenceLeases],
  ['0010_replay_guard', replayGuard],
  ['0011_throttles', throttles],
  ['0012_resting_orders', restingOrders],
  ['0013_order_book_versions', orderBookVersions],
  ['0014_api_key_revocations', apiKeyRevocations],
  ['0015_deposits', deposits],
  ['0016_participant_controls', participantControls],
  ['0017_order_controls', orderControls],
  ['0018_dead_man_switches', deadManSwitches],
  ['0019_consumption_controls', consumptionControls],
  ['0020_issuance_accounts', issuanceAccounts],
  ['0022_trades_by_sequence', tradesBySequence],
  ['0023_auto_top_up', autoTopUp],
  ['0024_trading_reference_changes', tradingReferenceChanges],
  ['0025_ledger_audit_runs', ledgerAuditRuns],
  ['0026_replica_read_fences', replicaReadFences],
  ['0027_spec_breaches', specBreaches],
  ['0028_supplier_endpoints', supplierEndpoints],
  ['0029_qualification_runs', qualificationRuns],
  ['0030_receipts_by_endpoint', receiptsByEndpoint],
  ['0031_endpoint_watch', endpointWatch],
  ['0032_withdrawals', withdrawals],
  ['0033_lots_by_supplier', lotsBySupplier],
  ['0034_rate_bucket_last_take', rateBucketLastTake],
  ['0035_routing_changes', routingChanges],
  ['0036_process_markets', processMarkets],
];

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: () => Promise.resolve(migrations.map(([name]) => name)),
  getMigrationName: (name) => name,
  getMigration: (name) => {
    const found = migrations.find(([n]) => n === name);
    return found ? Promise.resolve(found[1]) : Promise.reject(new Error(`no migration named ${name}`));
  },
};
