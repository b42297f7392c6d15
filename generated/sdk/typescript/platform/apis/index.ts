// GENERATED, DO NOT EDIT. Source: openapi/platform.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
export * from './APIKeysApi.js';
export * from './DiagnosticsApi.js';
export * from './FundsApi.js';
export * from './OAuthApi.js';
export * from './SettingsApi.js';
export * from './SigningKeysApi.js';
