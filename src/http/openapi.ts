import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

import { documentPath, type ApiName } from '../lib/documents.js';

export type { ApiName };

/**
 * openapi-backend checks documents against the 3.0 meta-schema, which rejects 3.1. The documents
 * are linted by redocly in the tests, so here we skip that check and give ajv the 2020-12 dialect.
 */
class OpenApi31Backend extends OpenAPIBackend {
  override validateDefinition(): Document {
    return this.definition;
  }
}

export interface LoadedDocument {
  api: ApiName;
  backend: OpenAPIBackend;
  operations: Operation[];
}

export async function loadDocument(api: ApiName): Promise<LoadedDocument> {
  // One Ajv per validation context (request body, parameters, responses…): creating an instance per
  // operation, as openapi-backend does by default, made start-up take seconds instead of milliseconds.
  const instances = new Map<string, Ajv2020.default>();
  const backend = new OpenApi31Backend({
    definition: documentPath(api),
    strict: true,
    // quick: compile validators on demand; the request validators are compiled below, the response
    // validators (used only by the contract tests) when first asked for.
    quick: true,
    coerceTypes: true,
    ajvOpts: { useDefaults: true, allErrors: true },
    customizeAjv: (_original, options, context) => {
      const key = `${context}:${JSON.stringify(options)}`;
      let ajv = instances.get(key);
      if (!ajv) {
        ajv = new Ajv2020.default({ ...options, strict: false });
        addFormats.default(ajv);
        instances.set(key, ajv);
      }
      return ajv;
    },
  });
  await backend.init();
  backend.validator.preCompileRequestValidators();
  return { api, backend, operations: backend.router.getOperations() };
}
