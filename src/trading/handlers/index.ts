import type { operations } from '../../../generated/types/trading.js';
import { notImplemented } from '../../http/respond.js';
import type { HandlerMap } from '../../http/types.js';
import { getDiagnostics, getMe } from './identity.js';
import { getHealth, getInstrument, getMarket, getMarketControls, listInstruments, listMarkets } from './reference.js';

const tradingIssue = notImplemented('This trading operation (issue 4: matching engine, orders, ledger)');

/** Every operation of openapi/trading.yaml; the server refuses to start if this and the document disagree. */
export const tradingHandlers: HandlerMap<operations> = {
  getHealth,
  getMe,
  getDiagnostics,
  listInstruments,
  getInstrument,
  listMarkets,
  getMarket,
  getMarketControls,
  getMarketTicker: tradingIssue,
  getMarketOrderBook: tradingIssue,
  listMarketTrades: tradingIssue,
  getMarketStats: tradingIssue,
  listPriceHistories: tradingIssue,
  listOrders: tradingIssue,
  createOrder: tradingIssue,
  cancelOrders: tradingIssue,
  countOrders: tradingIssue,
  getOrder: tradingIssue,
  amendOrder: tradingIssue,
  cancelOrder: tradingIssue,
  cancelMarketOrders: tradingIssue,
  getAccountLimits: tradingIssue,
  listTrades: tradingIssue,
  getTrade: tradingIssue,
  listTradingAccounts: tradingIssue,
  getTradingAccount: tradingIssue,
  listConsumptionAccounts: tradingIssue,
  getConsumptionAccount: tradingIssue,
  listCurrencyTradingAccounts: tradingIssue,
  createTransfer: tradingIssue,
  listTransfers: tradingIssue,
  getTransfer: tradingIssue,
  createSupplyIssuance: tradingIssue,
  listSupplyIssuances: tradingIssue,
};
