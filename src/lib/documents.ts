import { fileURLToPath } from 'node:url';

/** The three OpenAPI documents: the contract, read by the server and rendered by the docs portal. */
export type ApiName = 'consumption' | 'trading' | 'platform';

export const documentPath = (api: ApiName): string =>
  // Compiled to dist/src/lib/, three levels below the repository root.
  fileURLToPath(new URL(`../../../openapi/${api}.yaml`, import.meta.url));
