import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import type { HostName } from '../../src/config.js';
import { loadDocument, type ApiName, type LoadedDocument } from '../../src/http/openapi.js';
import { Router } from '../../src/http/router.js';
import { ApiError, RequestValidationError } from '../../src/lib/errors.js';

/**
 * Checks every response a test receives against the OpenAPI documents: the status must be one the
 * operation lists, the body must match that status's schema, and every response must carry
 * x-request-id. A response that does not match throws, failing its test.
 */
const apiOfHost: Record<HostName, ApiName> = { consumption: 'consumption', messages: 'consumption', trading: 'trading', platform: 'platform' };

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

let errorEnvelope: ValidateFunction | undefined;
function errorEnvelopeValidator(): ValidateFunction {
  if (!errorEnvelope) {
    const path = fileURLToPath(new URL('../../../openapi/components/common.yaml', import.meta.url));
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(parse(readFileSync(path, 'utf8')), 'common.yaml');
    errorEnvelope = ajv.getSchema('common.yaml#/components/schemas/ErrorEnvelope')!;
  }
  return errorEnvelope;
}

const documents = new Map<ApiName, Promise<{ document: LoadedDocument; router: Router }>>();

async function documentOf(api: ApiName) {
  let entry = documents.get(api);
  if (!entry) {
    entry = loadDocument(api).then((document) => ({ document, router: new Router(document.operations) }));
    documents.set(api, entry);
  }
  return entry;
}

export interface ObservedResponse {
  host: HostName;
  method: string;
  path: string;
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function checkContract(response: ObservedResponse): Promise<void> {
  const where = `${response.method} ${response.path} → ${response.status}`;
  if (!response.headers.get('x-request-id')) throw new ContractViolation(`${where}: no x-request-id header`);
  const { document, router } = await documentOf(apiOfHost[response.host]);
  const path = response.host === 'platform' && response.path.startsWith('/api/v1/') ? response.path.slice(4) : response.path;
  let operation;
  try {
    operation = router.match(response.method, path.split('?')[0]!).operation;
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof RequestValidationError)) throw error;
    // An unknown route or method, or a path parameter no operation takes: the envelope, nothing more.
    return expectErrorEnvelope(response, where);
  }
  const listed = (operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
  const documented = listed[String(response.status)];
  if (!documented) {
    if (response.status === 501) return expectErrorEnvelope(response, where); // not built yet, by design
    throw new ContractViolation(`${where}: ${operation.operationId} does not document status ${response.status}; body ${response.text.slice(0, 300)}`);
  }
  if (!documented.content) {
    if (response.text !== '') throw new ContractViolation(`${where}: documented without a body, got ${response.text.slice(0, 200)}`);
    return;
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!(contentType in documented.content)) {
    throw new ContractViolation(`${where}: content type ${contentType} is not one of ${Object.keys(documented.content).join(', ')}`);
  }
  if (contentType !== 'application/json') return;
  const result = document.backend.validator.validateResponse(response.body, operation, response.status);
  if (!result.valid) {
    throw new ContractViolation(`${where}: body does not match ${operation.operationId}: ${JSON.stringify(result.errors?.slice(0, 5))}\nbody: ${response.text.slice(0, 500)}`);
  }
}

function expectErrorEnvelope(response: ObservedResponse, where: string): void {
  const validate = errorEnvelopeValidator();
  if (!validate(response.body)) {
    throw new ContractViolation(`${where}: not an ErrorEnvelope: ${JSON.stringify(validate.errors?.slice(0, 3))}\nbody: ${response.text.slice(0, 300)}`);
  }
}
