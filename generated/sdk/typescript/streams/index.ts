// GENERATED, DO NOT EDIT. Source: sdk/typescript/streams/index.ts. Regenerate: npm run generate
// The stream client of the mkt TypeScript SDK (see the repository README, "Live streams from the
// TypeScript SDK"): `MktStream`, the book it keeps (`StreamBook`), and the types of every message of
// openapi/asyncapi.yaml (types.ts, generated).
export * from './client.js';
export * from './book.js';
export type {
  components as streamComponents,
  messages as streamMessages,
  serverEvents,
  clientEvents,
} from './types.js';
