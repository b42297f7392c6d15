// GENERATED, DO NOT EDIT. Source: openapi/consumption.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
export * from './ChatCompletionsApi.js';
export * from './DiagnosticsApi.js';
export * from './KeyApi.js';
export * from './MessagesApi.js';
export * from './ModelsApi.js';
export * from './ResponsesApi.js';
export * from './UsageApi.js';
