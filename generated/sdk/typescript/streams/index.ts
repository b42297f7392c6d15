// GENERATED, DO NOT EDIT. Source: sdk/typescript/streams/index.ts. Regenerate: npm run generate
export * from './types.js';
