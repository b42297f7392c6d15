// GENERATED, DO NOT EDIT. Source: openapi/consumption.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
export * from './runtime.js';
export * from './apis/index.js';
export * from './models/index.js';
