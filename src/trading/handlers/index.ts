import type { operations } from '../../../generated/types/trading.js';
import type { HandlerMap } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { getDiagnostics, getMe } from './identity.js';
import {
  getMarketOrderBook,
  getMarketStats,
  getMarketTicker,
  listMarketTrades,
  listPriceHistories,
} from './market-data.js';
import { countOrders, getOrder, listOrders } from './orders-read.js';
import {
  amendOrder,
  cancelMarketOrders,
  cancelOrder,
  cancelOrders,
  createOrder,
  getAccountLimits,
} from './orders-write.js';
import { batchCancelOrders, cancelAllOrdersAfter } from './orders-bulk.js';
import { createOrderBatch } from './orders-batch.js';
import {
  getHealth,
  getInstrument,
  getInstrumentBySymbol,
  getMarket,
  getMarketControls,
  listInstruments,
  listMarkets,
} from './reference.js';
import { getTrade, listTrades } from './trades.js';
import {
  getConsumptionAccount,
  getCurrencyTradingAccount,
  getTradingAccount,
  listConsumptionAccounts,
  listCurrencyTradingAccounts,
  listPositions,
  listTradingAccounts,
} from './accounts.js';
import {
  createSupplyIssuance,
  getSupplierLiability,
  getSupplyEarnings,
  getSupplyIssuanceSummary,
  listIssuanceAccounts,
  listSupplierLiabilities,
  listSupplyIssuances,
  transferFromIssuanceAccount,
} from './supply.js';
import {
  createSupplierEndpoint,
  deleteSupplierEndpoint,
  getSupplierEndpoint,
  listSupplierEndpoints,
  updateSupplierEndpoint,
} from './supply-endpoints.js';
import { getSupplyScorecard, listInstrumentScorecards } from './scorecards.js';
import {
  getEndpointQualification,
  listEndpointQualifications,
  startEndpointQualification,
} from './supply-qualifications.js';
import {
  createConsumptionToTradingTransfer,
  createTransfer,
  getTransfer,
  listTransferHistories,
  listTransfers,
} from './transfers.js';

/** Every operation of openapi/trading.yaml; the server refuses to start if this and the document disagree. */
export const tradingHandlers: HandlerMap<operations, TradingDeps> = {
  getHealth,
  getMe,
  getDiagnostics,
  listInstruments,
  getInstrument,
  getInstrumentBySymbol,
  listMarkets,
  getMarket,
  getMarketControls,
  getMarketTicker,
  getMarketOrderBook,
  listMarketTrades,
  getMarketStats,
  listPriceHistories,
  listOrders,
  createOrder,
  createOrderBatch,
  cancelOrders,
  countOrders,
  getOrder,
  amendOrder,
  cancelOrder,
  cancelMarketOrders,
  cancelAllOrdersAfter,
  batchCancelOrders,
  getAccountLimits,
  listTrades,
  getTrade,
  listTradingAccounts,
  getTradingAccount,
  listConsumptionAccounts,
  getConsumptionAccount,
  listCurrencyTradingAccounts,
  getCurrencyTradingAccount,
  listPositions,
  createTransfer,
  createConsumptionToTradingTransfer,
  listTransfers,
  getTransfer,
  listTransferHistories,
  createSupplyIssuance,
  listSupplyIssuances,
  getSupplyIssuanceSummary,
  listIssuanceAccounts,
  transferFromIssuanceAccount,
  listSupplierLiabilities,
  getSupplyEarnings,
  getSupplierLiability,
  getSupplyScorecard,
  listInstrumentScorecards,
  listSupplierEndpoints,
  createSupplierEndpoint,
  getSupplierEndpoint,
  updateSupplierEndpoint,
  deleteSupplierEndpoint,
  listEndpointQualifications,
  startEndpointQualification,
  getEndpointQualification,
};
