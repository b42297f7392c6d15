import { notImplemented } from '../../http/respond.js';

// The payment path (issue 14 item 2) lands with src/core/payments.ts; until then these answer 501.
export const getFunding = notImplemented('GET /v1/funds');
export const listDeposits = notImplemented('GET /v1/deposits');
export const createDeposit = notImplemented('POST /v1/deposits');
export const getDeposit = notImplemented('GET /v1/deposits/{deposit_id}');
