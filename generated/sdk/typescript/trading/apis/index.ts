// GENERATED, DO NOT EDIT. Source: openapi/trading.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
export * from './AccountsApi.js';
export * from './IdentityApi.js';
export * from './MarketDataApi.js';
export * from './OrdersApi.js';
export * from './ReferenceApi.js';
export * from './SupplyApi.js';
export * from './TradesApi.js';
export * from './TransfersApi.js';
