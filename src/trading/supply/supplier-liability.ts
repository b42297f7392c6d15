import {
  tokensServedByInstrument,
  unitsIssuedByInstrument,
  unitsSoldByInstrument,
  type InstrumentQuantityRow,
} from '../../db/issuance-accounts.js';
import type { Db } from '../../db/knex.js';
import { instrumentById, instrumentsByIds, type InstrumentRow } from '../../db/reference.js';
import { unknownInstrumentDetail } from '../../lib/errors.js';
import { Failure } from '../../lib/failure.js';

/**
 * What a supplier owes in inference for the Units it issued and sold (trading.yaml
 * `GET /v1/supplier-liability` states the definition for users):
 *
 * - units liable = min(Units of its sell fills, Units it issued): a reseller of bought Units owes
 *   nothing for them; their issuer does;
 * - total liability = units liable × tokens_per_unit;
 * - served = tokens billed on requests its supply answered (settled receipts, src/consumption/inference/settle.ts
 *   records `supplier_user_id`), of any buyer;
 * - fulfilled = min(served, total liability); outstanding = total liability − fulfilled.
 */
export interface SupplierLiability {
  instrument: InstrumentRow;
  unitsIssued: number;
  unitsSold: number;
  unitsLiable: number;
  totalLiabilityTokens: number;
  tokensServed: number;
  requestsServed: number;
  fulfilledTokens: number;
  outstandingTokens: number;
}

interface SupplierRecords {
  issued: Map<string, InstrumentQuantityRow>;
  sold: Map<string, InstrumentQuantityRow>;
  served: Map<string, InstrumentQuantityRow>;
}

async function recordsOf(db: Db, userId: string): Promise<SupplierRecords> {
  const issued = await unitsIssuedByInstrument(db, userId);
  const sold = await unitsSoldByInstrument(db, userId);
  const served = await tokensServedByInstrument(db, userId);
  return { issued, sold, served };
}

function liabilityOf(instrument: InstrumentRow, records: SupplierRecords): SupplierLiability {
  const unitsIssued = records.issued.get(instrument.id)?.quantity ?? 0;
  const unitsSold = records.sold.get(instrument.id)?.quantity ?? 0;
  const unitsLiable = Math.min(unitsIssued, unitsSold);
  const totalLiabilityTokens = unitsLiable * instrument.tokens_per_unit;
  const tokensServed = records.served.get(instrument.id)?.quantity ?? 0;
  const fulfilledTokens = Math.min(tokensServed, totalLiabilityTokens);
  return {
    instrument,
    unitsIssued,
    unitsSold,
    unitsLiable,
    totalLiabilityTokens,
    tokensServed,
    requestsServed: records.served.get(instrument.id)?.count ?? 0,
    fulfilledTokens,
    outstandingTokens: totalLiabilityTokens - fulfilledTokens,
  };
}

/** The caller's liability per instrument it issued or served, by symbol; only `instrumentId` when given. */
export async function listSupplierLiabilities(
  { db }: { db: Db },
  userId: string,
  instrumentId: string | undefined,
): Promise<SupplierLiability[]> {
  const records = await recordsOf(db, userId);
  const ids = new Set([...records.issued.keys(), ...records.served.keys()]);
  if (instrumentId !== undefined) for (const id of ids) if (id !== instrumentId) ids.delete(id);
  if (ids.size === 0) return [];
  const instruments = await instrumentsByIds(db, [...ids]);
  return instruments
    .sort((a, b) => a.symbol.localeCompare(b.symbol))
    .map((instrument) => liabilityOf(instrument, records));
}

/** The caller's liability for one instrument (zeros when it has none); 404 for an unknown instrument. */
export async function getSupplierLiability(
  { db }: { db: Db },
  userId: string,
  instrumentId: string,
): Promise<SupplierLiability> {
  const instrument = await instrumentById(db, instrumentId);
  if (!instrument) throw new Failure<'unknown_instrument'>('unknown_instrument', unknownInstrumentDetail(instrumentId));
  return liabilityOf(instrument, await recordsOf(db, userId));
}
