import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import type { HostName } from '../../src/app/config.js';
import { loadDocument, type ApiName, type LoadedDocument } from '../../src/http/openapi.js';
import { Router } from '../../src/http/router.js';
import { ApiError, RequestValidationError } from '../../src/lib/errors.js';

/**
 * Checks every response a test receives against the OpenAPI documents: the status must be one the
 * operation lists, the body must match that status's schema, and every response must carry
 * x-request-id. A response that does not match throws, failing its test.
 */
const apiOfHost: Record<HostName, ApiName> = {
  consumption: 'consumption',
  messages: 'consumption',
  trading: 'trading',
  platform: 'platform',
};

class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** The error body of a route no operation serves: the envelope, and on the consumption hosts their dialect beside it. */
const errorSchemaOfHost: Record<HostName, string> = {
  consumption: 'https://mkt.test/consumption.yaml#/components/schemas/ErrorResponse',
  messages: 'https://mkt.test/consumption.yaml#/components/schemas/MessagesErrorResponse',
  trading: 'https://mkt.test/components/common.yaml#/components/schemas/ErrorEnvelope',
  platform: 'https://mkt.test/components/common.yaml#/components/schemas/ErrorEnvelope',
};

let errorSchemas: Ajv2020.default | undefined;
function errorEnvelopeValidator(host: HostName): ValidateFunction {
  if (!errorSchemas) {
    const read = (path: string) =>
      parse(readFileSync(fileURLToPath(new URL(`../../../openapi/${path}`, import.meta.url)), 'utf8'));
    errorSchemas = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(errorSchemas);
    errorSchemas.addSchema(read('components/common.yaml'), 'https://mkt.test/components/common.yaml');
    errorSchemas.addSchema(read('consumption.yaml'), 'https://mkt.test/consumption.yaml');
  }
  return errorSchemas.getSchema(errorSchemaOfHost[host])!;
}

const documents = new Map<HostName, Promise<{ document: LoadedDocument; router: Router }>>();

/** The host's document, routed as the host routes it: the consumption paths that name their own server are the messages host's (src/app/main.ts). */
async function documentOf(host: HostName) {
  let entry = documents.get(host);
  if (!entry) {
    entry = loadDocument(apiOfHost[host]).then((document) => {
      const ownServer = (path: string) =>
        Boolean((document.backend.definition.paths?.[path] as { servers?: unknown[] } | undefined)?.servers?.length);
      const operations =
        apiOfHost[host] !== 'consumption'
          ? document.operations
          : document.operations.filter((o) => ownServer(o.path) === (host === 'messages'));
      return { document, router: new Router(operations) };
    });
    documents.set(host, entry);
  }
  return entry;
}

interface ObservedResponse {
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
  const { document, router } = await documentOf(response.host);
  const path =
    response.host === 'platform' && response.path.startsWith('/api/v1/') ? response.path.slice(4) : response.path;
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
    throw new ContractViolation(
      `${where}: ${operation.operationId} does not document status ${response.status}; body ${response.text.slice(0, 300)}`,
    );
  }
  if (!documented.content) {
    if (response.text !== '')
      throw new ContractViolation(`${where}: documented without a body, got ${response.text.slice(0, 200)}`);
    return;
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!(contentType in documented.content)) {
    throw new ContractViolation(
      `${where}: content type ${contentType} is not one of ${Object.keys(documented.content).join(', ')}`,
    );
  }
  if (contentType !== 'application/json') return;
  const result = document.backend.validator.validateResponse(response.body, operation, response.status);
  if (!result.valid) {
    throw new ContractViolation(
      `${where}: body does not match ${operation.operationId}: ${JSON.stringify(result.errors?.slice(0, 5))}\nbody: ${response.text.slice(0, 500)}`,
    );
  }
}

function expectErrorEnvelope(response: ObservedResponse, where: string): void {
  const validate = errorEnvelopeValidator(response.host);
  if (!validate(response.body)) {
    throw new ContractViolation(
      `${where}: not an ErrorEnvelope: ${JSON.stringify(validate.errors?.slice(0, 3))}\nbody: ${response.text.slice(0, 300)}`,
    );
  }
}
