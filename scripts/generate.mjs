#!/usr/bin/env node
// Code generation for mkt: bundles each hand-written OpenAPI 3.1 document and writes
//   generated/types/<api>.ts                   openapi-typescript
//   generated/sdk/typescript/<api>/            openapi-generator typescript-fetch (ESM, .js imports)
//   generated/sdk/python/<api>/                openapi-generator python (package mkt_<api>)
// for api in consumption, trading, platform, and from sdk/ (hand-written, copied with a header):
//   generated/sdk/typescript/                  the npm package @mkt/sdk: package.json, tsconfig.json,
//                                              README.md, signing/, streams/ (see writeTypescriptPackage)
//   generated/sdk/python/trading/              mkt_trading/signing.py and README usage (writePythonSigning)
//
// Usage:
//   npm run generate                       regenerate generated/types and generated/sdk
//   node scripts/generate.mjs --check      regenerate into a temp dir, compare with generated/,
//                                          print differing paths, exit 1 on any difference (CI)
//   options: --verbose (tool output, schema rewrites, generator warnings),
//            --keep-temp (keep the temp dir with bundles and batch configs, print its path)
//   env:     JAVA_OPTS (appended to the JVM options), MKT_GENERATE_THREADS (batch threads)
//
// Needs java (11+) and the openapi-generator jar named by openapitools.json
// (<storageDir>/<version>.jar): `npm run fetch-generator` puts it there. Runs offline.
//
// Steps: `redocly bundle` of the three documents (one call) -> openapi-typescript (in process)
// and, at the same time, one openapi-generator `batch` JVM running typescript-fetch and python for
// every API (settings in scripts/generator/) -> fixes and headers -> generated/.
// openapi-generator gets a copy of each bundle with a few 3.1 constructs it mishandles rewritten
// (see prepareForOpenapiGenerator); the typescript-fetch runtime gets small patches so it compiles
// under the project's tsconfig (see RUNTIME_PATCHES).
// Everything is built in a temp dir first; generated/types and generated/sdk are only replaced
// (removed and rewritten as a whole, so stale files go) once every step succeeded.
// Every output file starts with a "GENERATED, DO NOT EDIT" line naming its source document.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APIS = ['consumption', 'trading', 'platform'];
const OUT_DIR = 'generated';
// The parts of generated/ this script owns (replaced as a whole, compared as a whole by --check).
const OWNED = ['types', 'sdk'];
const GENERATOR_DIR = path.join(ROOT, 'scripts', 'generator');
// Short-lived JVM: C1 only and the serial GC start faster (about 40% off a run); JAVA_OPTS is appended.
const DEFAULT_JAVA_OPTS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));

// ---------------------------------------------------------------------------------------------
// command line

class GenerateError extends Error {}
function fail(message) {
  throw new GenerateError(message);
}

const args = process.argv.slice(2);
const known = new Set(['--check', '--verbose', '--keep-temp', '--help', '-h']);
for (const a of args) {
  if (!known.has(a)) {
    console.error(`generate: unknown option ${a} (try --help)`);
    process.exit(2);
  }
}
if (args.includes('--help') || args.includes('-h')) {
  const text = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8');
  process.stdout.write(
    text
      .split('\n')
      .slice(
        1,
        text.split('\n').findIndex((l, i) => i > 0 && !l.startsWith('//')),
      )
      .map((l) => l.replace(/^\/\/ ?/, ''))
      .join('\n') + '\n',
  );
  process.exit(0);
}
const CHECK = args.includes('--check');
const VERBOSE = args.includes('--verbose');
const KEEP_TEMP = args.includes('--keep-temp');

// ---------------------------------------------------------------------------------------------
// headers

// `api` names a document of openapi/ (consumption, trading, platform, asyncapi) or, for a file
// copied from sdk/, its path there.
function headerText(api) {
  const source = api.includes('/') ? api : `openapi/${api}.yaml`;
  return `GENERATED, DO NOT EDIT. Source: ${source}. Regenerate: npm run generate`;
}

// Comment syntax by file name, then by extension. A generated file matching none of these makes
// the run fail: decide how it gets its header (or exclude it in scripts/generator/*.openapi-generator-ignore).
const COMMENT_BY_NAME = new Map([
  ['py.typed', 'hash'],
  ['requirements.txt', 'hash'],
  ['test-requirements.txt', 'hash'],
  ['.gitignore', 'hash'],
  ['.npmignore', 'hash'],
  ['tsconfig.json', 'slash'], // tsconfig is JSON with comments
]);
const COMMENT_BY_EXT = new Map([
  ['.ts', 'slash'],
  ['.mts', 'slash'],
  ['.js', 'slash'],
  ['.mjs', 'slash'],
  ['.py', 'hash'],
  ['.pyi', 'hash'],
  ['.txt', 'hash'],
  ['.cfg', 'hash'],
  ['.toml', 'hash'],
  ['.ini', 'hash'],
  ['.sh', 'hash'],
  ['.yml', 'hash'],
  ['.yaml', 'hash'],
  ['.md', 'html'],
]);

function headerLine(style, text) {
  switch (style) {
    case 'slash':
      return `// ${text}\n`;
    case 'hash':
      return `# ${text}\n`;
    case 'html':
      return `<!-- ${text} -->\n`;
    default:
      throw new Error(`unknown comment style ${style}`);
  }
}

function commentStyleFor(file) {
  const base = path.basename(file);
  return COMMENT_BY_NAME.get(base) ?? COMMENT_BY_EXT.get(path.extname(base).toLowerCase());
}

function addHeader(file, api) {
  const style = commentStyleFor(file);
  if (!style) return false;
  const content = fs.readFileSync(file, 'utf8');
  let body = content;
  // A shebang must stay on line 1: put the header right after it.
  if (body.startsWith('#!')) {
    const nl = body.indexOf('\n');
    const shebang = body.slice(0, nl + 1);
    body = body.slice(nl + 1);
    fs.writeFileSync(file, shebang + headerLine(style, headerText(api)) + body);
  } else {
    fs.writeFileSync(file, headerLine(style, headerText(api)) + body);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// typescript-fetch runtime.ts fixes
//
// The typescript-fetch runtime assumes the DOM lib and a non-strict compiler. The project compiles
// generated/sdk/typescript with lib ES2023 + @types/node (no DOM), strict and noImplicitOverride.
// Each patch must apply exactly `count` times; when an openapi-generator upgrade changes the
// runtime, the run fails here instead of producing an SDK that does not compile.
const RUNTIME_PATCHES = [
  {
    why: 'RequestCredentials is a DOM type; Node has RequestInit["credentials"]',
    from: /\bRequestCredentials\b/g,
    to: 'RequestInit["credentials"]',
    count: 3,
  },
  {
    why: 'WindowOrWorkerGlobalScope is a DOM type; state the signature BaseAPI.fetchApi has (the global fetch fits it)',
    from: "export type FetchAPI = WindowOrWorkerGlobalScope['fetch'];",
    to: 'export type FetchAPI = (url: string, init: RequestInit) => Promise<Response>;',
    count: 1,
  },
  {
    why: 'noImplicitOverride: Error.cause exists in lib ES2022+',
    from: 'constructor(public cause: Error, msg?: string)',
    to: 'constructor(public override cause: Error, msg?: string)',
    count: 1,
  },
  {
    why: 'strictNullChecks: the response is set once the try/catch around fetch has not thrown',
    from: '                    response: response.clone(),\n',
    to: '                    response: response!.clone(),\n',
    count: 1,
  },
  {
    why: 'strictNullChecks: fetchApi returns a Response, never undefined',
    from: /(\n {8}\}\n {8})return response;(\n {4}\}\n\n {4}\/\*\*\n {5}\* Create a shallow clone)/g,
    to: '$1return response!;$2',
    count: 1,
  },
];

function patchRuntime(file) {
  let text = fs.readFileSync(file, 'utf8');
  for (const p of RUNTIME_PATCHES) {
    const n = typeof p.from === 'string' ? text.split(p.from).length - 1 : (text.match(p.from) ?? []).length;
    if (n !== p.count) {
      fail(
        `typescript-fetch runtime patch "${p.why}" matched ${n} times instead of ${p.count} in ` +
          `${path.basename(file)}: the generator's runtime changed; update RUNTIME_PATCHES in scripts/generate.mjs`,
      );
    }
    text = typeof p.from === 'string' ? text.split(p.from).join(p.to) : text.replace(p.from, p.to);
  }
  fs.writeFileSync(file, text);
}

// Names typescript-fetch's runtime.ts exports. index.ts re-exports runtime, apis and models with
// `export *`, so a schema with one of these names makes the SDK fail to compile (TS2308, e.g. a
// `ResponseError` schema): such schemas get a `Model` suffix (modelNameMappings). The list is
// checked against the generated runtime.ts after each run.
const TS_RUNTIME_EXPORTS = new Set([
  'ApiResponse',
  'BASE_PATH',
  'BaseAPI',
  'BlobApiResponse',
  'COLLECTION_FORMATS',
  'Configuration',
  'ConfigurationParameters',
  'Consume',
  'DefaultConfig',
  'ErrorContext',
  'FetchAPI',
  'FetchError',
  'FetchParams',
  'HTTPBody',
  'HTTPHeaders',
  'HTTPMethod',
  'HTTPQuery',
  'HTTPRequestInit',
  'InitOverrideFunction',
  'JSONApiResponse',
  'Json',
  'Middleware',
  'ModelPropertyNaming',
  'RequestContext',
  'RequestOpts',
  'RequiredError',
  'ResponseContext',
  'ResponseError',
  'ResponseTransformer',
  'TextApiResponse',
  'VoidApiResponse',
  'anyToJSON',
  'canConsumeForm',
  'exists',
  'mapValues',
  'parseDate',
  'parseDateTime',
  'querystring',
  'serializeDate',
  'serializeDateTime',
]);

function pascalCase(name) {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

function runtimeCollisions(doc) {
  const renames = {};
  for (const name of Object.keys(doc.components?.schemas ?? {})) {
    if (TS_RUNTIME_EXPORTS.has(pascalCase(name))) renames[name] = `${pascalCase(name)}Model`;
  }
  return renames;
}

function checkRuntimeExports(dir) {
  const runtime = fs.readFileSync(path.join(dir, 'runtime.ts'), 'utf8');
  const actual = [
    ...runtime.matchAll(/^export (?:declare )?(?:abstract )?(?:class|const|let|type|interface|function|enum) (\w+)/gm),
  ].map((m) => m[1]);
  const unknown = actual.filter((n) => !TS_RUNTIME_EXPORTS.has(n));
  if (unknown.length) {
    fail(
      `typescript-fetch runtime.ts exports names missing from TS_RUNTIME_EXPORTS in scripts/generate.mjs: ${unknown.join(', ')}`,
    );
  }
  const clashes = listFiles(path.join(dir, 'models'))
    .concat(listFiles(path.join(dir, 'apis')))
    .map((f) => path.basename(f, '.ts'))
    .filter((n) => TS_RUNTIME_EXPORTS.has(n));
  if (clashes.length) fail(`typescript-fetch models/apis clash with runtime.ts exports: ${clashes.join(', ')}`);
}

// typescript-fetch, oneOf with a string-enum member (e.g. ChatCompletionStreamEvent: a chunk, the
// '[DONE]' enum or an error object): in <Model>ToJSONTyped, after `typeof value !== 'object'`
// returned, `value as <EnumModel>` is a cast between unrelated types (TS2352). The branch never
// runs for such a value; cast through unknown (no change in behaviour).
function patchOneOfEnumCasts(dir) {
  const modelsDir = path.join(dir, 'models');
  const enumModels = new Set(
    listFiles(modelsDir)
      .map((f) => path.basename(f, '.ts'))
      .filter((n) =>
        fs
          .readFileSync(path.join(modelsDir, `${n}.ts`), 'utf8')
          .includes(`export function instanceOf${n}(value: any): boolean {`),
      ),
  );
  let patched = 0;
  for (const f of listFiles(modelsDir)) {
    const file = path.join(modelsDir, f);
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes("    if (typeof value !== 'object') {\n        return value;\n    }")) continue;
    const next = text.replace(/return (\w+)ToJSON\(value as (\w+)\);/g, (m, fn, type) =>
      fn === type && enumModels.has(type) ? (patched++, `return ${fn}ToJSON(value as unknown as ${type});`) : m,
    );
    if (next !== text) fs.writeFileSync(file, next);
  }
  return patched;
}

// ---------------------------------------------------------------------------------------------
// helpers

function run(cmd, argv, { cwd = ROOT, env = {}, label }) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd,
      env: { ...process.env, PWD: cwd, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) =>
      reject(
        new GenerateError(
          `${label}: cannot start ${cmd}: ${e.code === 'ENOENT' ? `${cmd} not found on PATH${cmd === 'java' ? ' (install a Java 11+ runtime)' : ''}` : e.message}`,
        ),
      ),
    );
    child.on('close', (code, signal) => {
      if (VERBOSE) process.stdout.write(out);
      if (code === 0) resolve(out);
      else {
        if (!VERBOSE) process.stderr.write(out);
        reject(new GenerateError(`${label} failed (${signal ?? `exit code ${code}`})`));
      }
    });
  });
}

function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

function readGeneratorConfig() {
  const file = path.join(ROOT, 'openapitools.json');
  if (!fs.existsSync(file)) fail('openapitools.json not found');
  const cfg = JSON.parse(fs.readFileSync(file, 'utf8'))['generator-cli'] ?? {};
  if (!cfg.version) fail('openapitools.json: generator-cli.version is not set');
  const storage = (cfg.storageDir ?? '.generator').replace(/^~/, os.homedir());
  const jar = path.resolve(ROOT, storage, `${cfg.version}.jar`);
  if (!fs.existsSync(jar)) {
    fail(
      `openapi-generator ${cfg.version} jar missing at ${path.relative(ROOT, jar)}: run \`npm run fetch-generator\``,
    );
  }
  return { version: cfg.version, jar };
}

async function loadYaml(file) {
  const { parse } = await import('yaml');
  return parse(fs.readFileSync(file, 'utf8'));
}

function treeHash(dir, files) {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(f + '\0');
    h.update(fs.readFileSync(path.join(dir, f)));
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------------------------------------
// steps

async function bundle(tmp) {
  const dir = path.join(tmp, 'bundle');
  const pkgDir = path.dirname(requireFromRoot.resolve('@redocly/cli/package.json'));
  const cli = path.join(pkgDir, JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).bin.redocly);
  await run(
    process.execPath,
    [cli, 'bundle', ...APIS.map((a) => `openapi/${a}.yaml`), '--output', dir, '--ext', 'json'],
    {
      label: 'redocly bundle',
      env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    },
  );
  const bundles = {};
  for (const api of APIS) {
    const file = path.join(dir, `${api}.json`);
    if (!fs.existsSync(file)) fail(`redocly bundle wrote no ${api}.json`);
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    // The generators must see one self-contained document.
    const external = [];
    (function walk(node, at) {
      if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) external.push(`${at}: ${node.$ref}`);
        for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
      }
    })(doc, '#');
    if (external.length) fail(`bundle of openapi/${api}.yaml still has external $refs:\n  ${external.join('\n  ')}`);
    // openapi-typescript reads the bundle as it is; openapi-generator gets a copy with the 3.1
    // constructs it mishandles rewritten into equivalent ones it handles (see prepareForOpenapiGenerator).
    const notes = prepareForOpenapiGenerator(doc);
    const generatorFile = path.join(dir, `${api}.openapi-generator.json`);
    fs.writeFileSync(generatorFile, JSON.stringify(doc, null, 2));
    bundles[api] = { file, generatorFile, doc, notes };
  }
  return bundles;
}

// ---------------------------------------------------------------------------------------------
// openapi-generator input
//
// openapi-generator 7.25 reads OpenAPI 3.1 but mishandles two constructs our documents use; the
// copy of the bundle it gets is rewritten into equivalent forms (the documents stay as they are):
//  - a type array with more than one non-null type, e.g. `type: [string, array, 'null']` with
//    `items` (OpenAI/Anthropic "text or list of parts"): its normalizer logs "Type array not yet
//    supported" and keeps only the first type, so the Python SDK rejects the array form at run
//    time and the TypeScript type becomes `{}`. Rewritten to `oneOf` (`anyOf` if it has both
//    integer and number) with one branch per type, each with the keywords that apply to that type
//    (the generators turn a null branch into their `nullable` flag).
//  - `anyOf` whose branches have distinct JSON types, e.g. `anyOf: [{type: string}, {type: array,
//    items: ...}]`: typescript-fetch renders any anyOf as an empty interface `{}`. Such branches
//    cannot overlap, so the anyOf is rewritten to the equivalent `oneOf`, which it renders as a
//    union (`string | Array<Part>`); the python generator handles both alike. (A type array with
//    several non-null types, above, becomes such a `oneOf` directly.) Not done when a branch is
//    (an array of) a oneOf/anyOf model: typescript-fetch's oneOf code would then import an
//    `instanceOf<Model>` function union models lack; such fields stay typed `{}` in TypeScript.
//  - a schema that only allows null (`type: 'null'`) outside a oneOf/anyOf: the python generator
//    aborts ("Codegen Property not yet supported in getPydanticType"). Rewritten to an
//    unconstrained schema (keeping its description); the SDKs then accept any value there.

const KEYWORDS_BY_TYPE = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema'],
  array: [
    'items',
    'prefixItems',
    'minItems',
    'maxItems',
    'uniqueItems',
    'contains',
    'minContains',
    'maxContains',
    'unevaluatedItems',
  ],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'unevaluatedProperties',
    'dependentRequired',
    'dependentSchemas',
  ],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  boolean: [],
};
// Object keys whose values are named entries (walked whatever their names), as opposed to keys
// such as `example` or `default` whose values are data, not schemas.
const NAMED_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'dependentSchemas',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'paths',
  'webhooks',
  'content',
  'encoding',
]);
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

function valueFitsType(v, t) {
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    default:
      return false;
  }
}

// The single JSON type a schema (or the components/schemas entry it $refs) allows, else null.
function singleType(schema, doc) {
  const s = resolveSchema(schema, doc);
  if (!s || typeof s !== 'object') return null;
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type) && s.type.length === 1) return s.type[0];
  return null;
}

function resolveSchema(schema, doc) {
  const m = typeof schema?.$ref === 'string' && schema.$ref.match(/^#\/components\/schemas\/([^/]+)$/);
  return m ? doc.components?.schemas?.[m[1].replace(/~1/g, '/').replace(/~0/g, '~')] : schema;
}

function isUnion(schema, doc) {
  const s = resolveSchema(schema, doc);
  return Boolean(s && (s.oneOf || s.anyOf));
}

// Whether union branches allow pairwise different JSON types (at least two besides null).
// Not when a branch is, or is an array of, a oneOf/anyOf model: typescript-fetch's oneOf code then
// imports an instanceOf<Model> function that union models do not have (the anyOf stays `{}`).
function disjointTypes(branches, doc) {
  if (
    branches.some((b) => isUnion(b, doc) || (resolveSchema(b, doc)?.items && isUnion(resolveSchema(b, doc).items, doc)))
  ) {
    return false;
  }
  const types = branches.map((b) => singleType(b, doc));
  if (types.some((t) => t === null) || new Set(types).size !== types.length) return false;
  if (types.includes('integer') && types.includes('number')) return false;
  return types.filter((t) => t !== 'null').length >= 2;
}

function prepareForOpenapiGenerator(doc) {
  const notes = [];
  (function walk(node, at, isUnionMember, isNamedMap) {
    if (Array.isArray(node)) {
      node.forEach((v, i) => walk(v, `${at}/${i}`, false, false));
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (!isNamedMap) {
      const types = Array.isArray(node.type) ? node.type : null;
      const nonNull = types ? types.filter((t) => t !== 'null') : [];
      if (types && nonNull.length > 1) {
        const branches = nonNull.map((t) => ({ type: t }));
        const fmtOwner = nonNull.includes('string') ? 'string' : nonNull.find((t) => t === 'number' || t === 'integer');
        for (const b of branches) {
          for (const k of KEYWORDS_BY_TYPE[b.type] ?? []) {
            if (k === 'format' && b.type !== fmtOwner) continue;
            if (k in node) b[k] = node[k];
          }
          for (const k of ['enum', 'const']) {
            if (k === 'enum' && Array.isArray(node.enum)) {
              const vals = node.enum.filter((v) => valueFitsType(v, b.type));
              if (vals.length) b.enum = vals;
            } else if (k === 'const' && 'const' in node && valueFitsType(node.const, b.type)) b.const = node.const;
          }
        }
        for (const t of nonNull) for (const k of KEYWORDS_BY_TYPE[t] ?? []) delete node[k];
        delete node.enum;
        delete node.const;
        if (types.includes('null')) branches.push({ type: 'null' });
        delete node.type;
        const key = nonNull.includes('integer') && nonNull.includes('number') ? 'anyOf' : 'oneOf';
        if (node.anyOf || node.oneOf) node.allOf = [...(node.allOf ?? []), { [key]: branches }];
        else node[key] = branches;
        notes.push(`${at}: type ${JSON.stringify(types)} -> ${key}`);
      } else if (Array.isArray(node.anyOf) && !node.oneOf && disjointTypes(node.anyOf, doc)) {
        node.oneOf = node.anyOf;
        delete node.anyOf;
        notes.push(`${at}: anyOf of distinct types -> oneOf`);
      } else if (!isUnionMember && (node.type === 'null' || (types && types.length === 1 && types[0] === 'null'))) {
        delete node.type;
        notes.push(`${at}: type 'null' -> unconstrained`);
      }
    }
    for (const [k, v] of Object.entries(node)) {
      if (!isNamedMap && (DATA_KEYS.has(k) || k.startsWith('x-'))) continue;
      const union = !isNamedMap && (k === 'oneOf' || k === 'anyOf');
      if (union && Array.isArray(v)) v.forEach((m, i) => walk(m, `${at}/${k}/${i}`, true, false));
      else walk(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, false, !isNamedMap && NAMED_MAPS.has(k));
    }
  })(doc, '#', false, false);
  return notes;
}

async function generateTypes(bundles, stage) {
  const mod = await import('openapi-typescript');
  const openapiTS = mod.default;
  const { astToString, COMMENT_HEADER } = mod;
  const dir = path.join(stage, 'types');
  fs.mkdirSync(dir, { recursive: true });
  for (const api of APIS) {
    let ast;
    try {
      ast = await openapiTS(pathToFileURL(bundles[api].file), { silent: !VERBOSE });
    } catch (e) {
      fail(`openapi-typescript failed on openapi/${api}.yaml: ${e.message}`);
    }
    const out = headerLine('slash', headerText(api)) + COMMENT_HEADER + astToString(ast);
    fs.writeFileSync(path.join(dir, `${api}.ts`), out);
  }
}

async function generateSdks(bundles, stage, tmp, generator) {
  const base = {
    'typescript-fetch': await loadYaml(path.join(GENERATOR_DIR, 'typescript-fetch.yaml')),
    python: await loadYaml(path.join(GENERATOR_DIR, 'python.yaml')),
  };
  const configs = [];
  const cfgDir = path.join(tmp, 'configs');
  fs.mkdirSync(cfgDir, { recursive: true });
  for (const api of APIS) {
    for (const [gen, lang, extra] of [
      ['typescript-fetch', 'typescript', {}],
      ['python', 'python', { packageName: `mkt_${api}`, projectName: `mkt-${api}` }],
    ]) {
      const b = base[gen];
      if (b.generatorName !== gen) fail(`scripts/generator/${gen}.yaml: generatorName must be ${gen}`);
      const outputDir = path.join(stage, 'sdk', lang, api);
      // ignoreFileOverride is not honoured (openapi-generator issue #5723): seed the output
      // directory with our ignore file instead; the generator keeps an existing one.
      fs.mkdirSync(outputDir, { recursive: true });
      fs.copyFileSync(
        path.join(GENERATOR_DIR, `${gen}.openapi-generator-ignore`),
        path.join(outputDir, '.openapi-generator-ignore'),
      );
      const cfg = {
        ...b,
        inputSpec: bundles[api].generatorFile,
        outputDir,
        additionalProperties: { ...(b.additionalProperties ?? {}), ...extra },
      };
      if (gen === 'typescript-fetch') {
        const renames = runtimeCollisions(bundles[api].doc);
        if (Object.keys(renames).length) {
          cfg.modelNameMappings = { ...(b.modelNameMappings ?? {}), ...renames };
          for (const [from, to] of Object.entries(renames)) {
            bundles[api].notes.push(`typescript-fetch: schema ${from} -> model ${to} (clashes with runtime.ts)`);
          }
        }
      }
      const file = path.join(cfgDir, `${lang}-${api}.json`);
      fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
      configs.push(file);
    }
  }
  const javaOpts = [...DEFAULT_JAVA_OPTS, ...(process.env.JAVA_OPTS ?? '').split(/\s+/).filter(Boolean)];
  const threads = String(process.env.MKT_GENERATE_THREADS ?? Math.min(configs.length, os.availableParallelism()));
  const out = await run(
    'java',
    [...javaOpts, '-jar', generator.jar, 'batch', '--fail-fast', '--threads', threads, '--', ...configs],
    { cwd: tmp, label: `openapi-generator ${generator.version} batch` },
  );
  if (!/\[SUCCESS\] Batch generation finished/.test(out)) {
    if (!VERBOSE) process.stderr.write(out);
    fail('openapi-generator batch did not report success');
  }
  // Non-fatal problems the generator logs (e.g. "[pool-1-thread-2] WARN  o.o.c.DefaultCodegen - ...").
  const warnings = [
    ...new Set(
      out
        .split('\n')
        .map((l) => l.match(/^\[[^\]]*\]\s+(WARN|ERROR)\s+(.*)$/))
        .filter(Boolean)
        .map((m) => `${m[1]} ${m[2].trim()}`),
    ),
  ];
  return { warnings };
}

function postProcessSdks(stage) {
  const headerless = [];
  for (const lang of ['typescript', 'python']) {
    for (const api of APIS) {
      const dir = path.join(stage, 'sdk', lang, api);
      if (!fs.existsSync(dir) || listFiles(dir).length === 0)
        fail(`openapi-generator wrote nothing to sdk/${lang}/${api}`);
      // Generator bookkeeping: FILES/VERSION cannot carry a header and the ignore file is ours.
      fs.rmSync(path.join(dir, '.openapi-generator'), { recursive: true, force: true });
      fs.rmSync(path.join(dir, '.openapi-generator-ignore'), { force: true });
      if (lang === 'typescript') {
        patchRuntime(path.join(dir, 'runtime.ts'));
        checkRuntimeExports(dir);
        patchOneOfEnumCasts(dir);
      }
      for (const f of listFiles(dir)) {
        if (!addHeader(path.join(dir, f), api)) headerless.push(`sdk/${lang}/${api}/${f}`);
      }
    }
  }
  if (headerless.length) {
    fail(
      `generated files with no known comment syntax (add them to COMMENT_BY_* in scripts/generate.mjs ` +
        `or exclude them in scripts/generator/*.openapi-generator-ignore):\n  ${headerless.join('\n  ')}`,
    );
  }
}

function checkNoLeaks(stage, tmp) {
  // Output must not depend on where it was generated.
  const needles = [tmp, ROOT];
  const hits = [];
  for (const f of listFiles(stage)) {
    const text = fs.readFileSync(path.join(stage, f), 'utf8');
    for (const n of needles) if (text.includes(n)) hits.push(`${f} contains ${n}`);
  }
  if (hits.length) fail(`absolute paths in generated output:\n  ${hits.join('\n  ')}`);
}

function compareTrees(stage) {
  const target = path.join(ROOT, OUT_DIR);
  const diffs = [];
  for (const part of OWNED) {
    const a = new Set(listFiles(path.join(stage, part)));
    const b = new Set(listFiles(path.join(target, part)));
    for (const f of [...new Set([...a, ...b])].sort()) {
      const rel = `${OUT_DIR}/${part}/${f}`;
      if (!b.has(f)) diffs.push(`missing  ${rel}`);
      else if (!a.has(f)) diffs.push(`stale    ${rel}`);
      else if (!fs.readFileSync(path.join(stage, part, f)).equals(fs.readFileSync(path.join(target, part, f)))) {
        diffs.push(`changed  ${rel}`);
      }
    }
  }
  return diffs;
}

function install(stage) {
  const target = path.join(ROOT, OUT_DIR);
  fs.mkdirSync(target, { recursive: true });
  for (const part of OWNED) {
    fs.rmSync(path.join(target, part), { recursive: true, force: true });
    fs.cpSync(path.join(stage, part), path.join(target, part), { recursive: true });
  }
}

// ---------------------------------------------------------------------------------------------
// openapi/asyncapi.yaml: types of the stream messages, and the stream client of the TypeScript SDK
//
// openapi-typescript reads OpenAPI only. The AsyncAPI document's schemas are JSON Schema like the
// OpenAPI components, so they are put into an OpenAPI 3.1 document made in memory:
//  - components.schemas gets every schema of the AsyncAPI document under its own name, and each
//    message payload that is not a plain $ref to one of them as `<Message>Payload`;
//  - a $ref into ./trading.yaml is resolved against the redocly bundle of trading.yaml (which has
//    common.yaml in it): a whole component schema is copied under its name (`Trading<Name>` when the
//    AsyncAPI document has a schema of that name, e.g. Order) with what it references, a deeper
//    pointer (…/Order/properties/order_id) is inlined;
// and openapi-typescript writes generated/types/streams.ts from it. After its output come three
// interfaces made here from the messages and operations: `messages` (each message's event name
// and payload), `serverEvents` and `clientEvents` (payload by event name, per direction: what a
// `receive` operation or a reply carries comes from the server, what a `send` operation carries
// from the client).
//
// The TypeScript SDK's stream client is written by hand in sdk/typescript/streams/ and copied into
// generated/sdk/typescript/streams/ beside a copy of these types (types.ts), so that it ships with
// the SDK and is compiled, and tested, as shipped.

const ASYNCAPI = 'asyncapi';
const STREAM_SDK_SOURCE = path.join(ROOT, 'sdk', 'typescript', 'streams');

function decodePointer(pointer) {
  return pointer
    .replace(/^#?\/?/, '')
    .split('/')
    .filter((p) => p !== '')
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function atPointer(doc, pointer, what) {
  let node = doc;
  for (const part of decodePointer(pointer)) {
    if (!node || typeof node !== 'object' || !(part in node)) fail(`${what}: ${pointer} does not resolve`);
    node = node[part];
  }
  return node;
}

function streamsOpenapiDocument(asyncapi, trading) {
  const own = asyncapi.components?.schemas ?? {};
  const tradingSchemas = trading.components?.schemas ?? {};
  const schemas = {};
  const tradingNames = new Map();

  const tradingName = (name) => {
    if (!tradingNames.has(name)) {
      if (!(name in tradingSchemas)) fail(`openapi/asyncapi.yaml: trading.yaml has no schema ${name}`);
      const renamed = name in own ? `Trading${name}` : name;
      if (renamed in own) fail(`openapi/asyncapi.yaml: cannot name trading.yaml's ${name} (${renamed} is taken)`);
      tradingNames.set(name, renamed);
      schemas[renamed] = null; // reserved before rewriting, so that a cycle ends here
      schemas[renamed] = rewrite(tradingSchemas[name], 'trading', `trading.yaml#/components/schemas/${name}`);
    }
    return tradingNames.get(name);
  };

  // A copy of a schema with its $refs pointing into the document made here.
  function rewrite(node, origin, at, isNamedMap = false) {
    if (Array.isArray(node)) return node.map((v, i) => rewrite(v, origin, `${at}/${i}`));
    if (!node || typeof node !== 'object') return node;
    let out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && !isNamedMap) continue;
      out[k] =
        !isNamedMap && (DATA_KEYS.has(k) || k.startsWith('x-'))
          ? structuredClone(v)
          : rewrite(v, origin, `${at}/${k}`, !isNamedMap && NAMED_MAPS.has(k));
    }
    if (isNamedMap || typeof node.$ref !== 'string') return out;
    const ref = node.$ref;
    const hash = ref.indexOf('#');
    const file = hash < 0 ? ref : ref.slice(0, hash);
    const pointer = hash < 0 ? '' : ref.slice(hash);
    const target = file === '' ? origin : file.replace(/^\.\//, '') === 'trading.yaml' ? 'trading' : null;
    if (!target || (origin === 'trading' && file !== ''))
      fail(`${at}: $ref ${ref} is neither in openapi/asyncapi.yaml nor in ./trading.yaml`);
    const parts = decodePointer(pointer);
    if (parts.length === 3 && parts[0] === 'components' && parts[1] === 'schemas') {
      const name = parts[2];
      if (target === ASYNCAPI) {
        if (!(name in own)) fail(`${at}: $ref ${ref} does not resolve`);
        return { $ref: `#/components/schemas/${name}`, ...out };
      }
      return { $ref: `#/components/schemas/${tradingName(name)}`, ...out };
    }
    // A pointer into a schema (a property of a component): its schema, inlined, the siblings on top.
    const inlined =
      target === ASYNCAPI
        ? rewrite(atPointer(asyncapi, pointer, at), ASYNCAPI, pointer)
        : rewrite(atPointer(trading, pointer, at), 'trading', `trading.yaml${pointer}`);
    return { ...inlined, ...out };
  }

  for (const [name, schema] of Object.entries(own))
    schemas[name] = rewrite(schema, ASYNCAPI, `#/components/schemas/${name}`);

  // Each message's payload as a schema name.
  const messages = [];
  for (const [key, message] of Object.entries(asyncapi.components?.messages ?? {})) {
    const payload = message.payload;
    if (!payload) fail(`openapi/asyncapi.yaml: message ${key} has no payload`);
    const m =
      typeof payload.$ref === 'string' &&
      Object.keys(payload).length === 1 &&
      payload.$ref.match(/^#\/components\/schemas\/([^/]+)$/);
    let schema;
    if (m) {
      schema = m[1];
      if (!(schema in own)) fail(`openapi/asyncapi.yaml: message ${key}: $ref ${payload.$ref} does not resolve`);
    } else {
      schema = `${pascalCase(key)}Payload`;
      if (schema in schemas)
        fail(`openapi/asyncapi.yaml: message ${key}: its payload would be named ${schema}, which is taken`);
      schemas[schema] = rewrite(payload, ASYNCAPI, `#/components/messages/${key}/payload`);
    }
    messages.push({ key, name: message.name ?? key, title: message.title, summary: message.summary, schema });
  }

  // Direction of each message, from the operations (the document is written from the client's side).
  const messageKeyOf = (ref, at) => {
    let node = { $ref: ref };
    for (let hops = 0; typeof node?.$ref === 'string'; hops++) {
      const m = node.$ref.match(/^#\/components\/messages\/([^/]+)$/);
      if (m) return decodePointer(`/${m[1]}`)[0];
      if (hops > 5 || !node.$ref.startsWith('#')) break;
      node = atPointer(asyncapi, node.$ref, at);
    }
    fail(`${at}: ${ref} does not name a message of components/messages`);
  };
  const fromServer = new Set();
  const fromClient = new Set();
  for (const [id, op] of Object.entries(asyncapi.operations ?? {})) {
    const refs = (list) => (list ?? []).map((r, i) => messageKeyOf(r.$ref, `#/operations/${id}/messages/${i}`));
    if (op.action === 'receive') refs(op.messages).forEach((k) => fromServer.add(k));
    else if (op.action === 'send') refs(op.messages).forEach((k) => fromClient.add(k));
    else fail(`openapi/asyncapi.yaml: operation ${id}: action is send or receive`);
    refs(op.reply?.messages).forEach((k) => (op.action === 'send' ? fromServer : fromClient).add(k));
  }
  const orphans = messages.filter((m) => !fromServer.has(m.key) && !fromClient.has(m.key)).map((m) => m.key);
  if (orphans.length) fail(`openapi/asyncapi.yaml: messages in no operation: ${orphans.join(', ')}`);

  const doc = {
    openapi: '3.1.0',
    info: { title: asyncapi.info?.title ?? 'streams', version: asyncapi.info?.version ?? '0' },
    paths: {},
    components: { schemas },
  };
  return { doc, messages, fromServer, fromClient };
}

function streamsExtraTypes({ messages, fromServer, fromClient }) {
  const q = (s) => JSON.stringify(s);
  const comment = (text, indent) =>
    text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n` : '';
  let out =
    "\n/** The messages of openapi/asyncapi.yaml (components/messages): each one's event name and payload. */\nexport interface messages {\n";
  for (const m of messages) {
    out += comment([m.title, m.summary].filter(Boolean).join(': '), '    ');
    out += `    ${m.key}: {\n        name: ${q(m.name)};\n        payload: components["schemas"][${q(m.schema)}];\n    };\n`;
  }
  out += '}\n';
  for (const [label, set, doc] of [
    [
      'serverEvents',
      fromServer,
      'The events the server sends (received by a client, or replies), by event name: the payload of any message of that name.',
    ],
    ['clientEvents', fromClient, 'The events a client sends, by event name: the payload of any message of that name.'],
  ]) {
    const byName = new Map();
    for (const m of messages) if (set.has(m.key)) byName.set(m.name, [...(byName.get(m.name) ?? []), m.key]);
    out += `/** ${doc} */\nexport interface ${label} {\n`;
    for (const [name, keys] of [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      out += `    ${name}: ${keys.map((k) => `messages[${q(k)}]["payload"]`).join(' | ')};\n`;
    }
    out += '}\n';
  }
  return out;
}

async function generateStreamTypes(bundles, stage, tmp) {
  const file = path.join(ROOT, 'openapi', `${ASYNCAPI}.yaml`);
  if (!fs.existsSync(file)) fail(`missing document openapi/${ASYNCAPI}.yaml`);
  const asyncapi = await loadYaml(file);
  if (!String(asyncapi.asyncapi ?? '').startsWith('3.'))
    fail(`openapi/${ASYNCAPI}.yaml: expected an AsyncAPI 3 document`);
  // The bundle as redocly wrote it (bundles.trading.doc has been rewritten for openapi-generator).
  const trading = JSON.parse(fs.readFileSync(bundles.trading.file, 'utf8'));
  const made = streamsOpenapiDocument(asyncapi, trading);
  const docFile = path.join(tmp, 'bundle', 'streams.openapi.json');
  fs.writeFileSync(docFile, JSON.stringify(made.doc, null, 2));
  const mod = await import('openapi-typescript');
  let ast;
  try {
    ast = await mod.default(pathToFileURL(docFile), { silent: !VERBOSE });
  } catch (e) {
    fail(`openapi-typescript failed on the schemas of openapi/${ASYNCAPI}.yaml: ${e.message}`);
  }
  const text = mod.COMMENT_HEADER + mod.astToString(ast) + streamsExtraTypes(made);
  const dir = path.join(stage, 'types');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'streams.ts'), headerLine('slash', headerText(ASYNCAPI)) + text);
  return text;
}

// generated/sdk/typescript/streams/: the hand-written client (sdk/typescript/streams/*.ts, each with
// a header naming its source) and types.ts, the stream types.
function writeStreamSdk(stage, typesText) {
  const dir = path.join(stage, 'sdk', 'typescript', 'streams');
  const sources = listFiles(STREAM_SDK_SOURCE).filter((f) => f.endsWith('.ts'));
  if (!sources.includes('index.ts')) fail('sdk/typescript/streams/index.ts is missing');
  if (sources.includes('types.ts')) fail('sdk/typescript/streams/types.ts: that name is the generated types');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'types.ts'), headerLine('slash', headerText(ASYNCAPI)) + typesText);
  for (const f of sources) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(
      path.join(dir, f),
      headerLine('slash', headerText(`sdk/typescript/streams/${f}`)) +
        fs.readFileSync(path.join(STREAM_SDK_SOURCE, f), 'utf8'),
    );
  }
  return sources.length + 1;
}

// ---------------------------------------------------------------------------------------------
// The installable packages: hand-written parts of the SDKs
//
// generated/sdk/typescript/ is one npm package, @mkt/sdk (subpath exports ./consumption, ./trading,
// ./platform, ./streams, ./signing). Its package.json, tsconfig.json, README.md and the signing
// middleware (signing/) are written by hand in sdk/typescript/ and copied here with a header, like
// the stream client; `npm pack` builds dist/ with the package's own tsc (prepack), see
// scripts/pack-sdk.mjs.
// generated/sdk/python/trading/ gets mkt_trading/signing.py (SigningApiClient, from sdk/python/),
// `cryptography` in its dependencies, and in its README the hand-written "Installation & Usage"
// and "Getting Started" of sdk/python/trading-readme.md instead of the generator's (which put a
// fixed signature in the configuration, and that can never work).

const SDK_SOURCE = path.join(ROOT, 'sdk');

function copyWithHeader(from, to) {
  const rel = path.relative(ROOT, from).split(path.sep).join('/');
  const text = fs.readFileSync(from, 'utf8');
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (path.basename(from) === 'package.json') {
    // JSON has no comments: the header is npm's conventional "//" key, first.
    fs.writeFileSync(to, JSON.stringify({ '//': headerText(rel), ...JSON.parse(text) }, null, 2) + '\n');
    return;
  }
  const style = commentStyleFor(to);
  if (!style) fail(`${rel}: no known comment syntax for its header (add it to COMMENT_BY_* in scripts/generate.mjs)`);
  fs.writeFileSync(to, headerLine(style, headerText(rel)) + text);
}

function writeTypescriptPackage(stage) {
  const dir = path.join(stage, 'sdk', 'typescript');
  const from = path.join(SDK_SOURCE, 'typescript');
  const files = [
    'package.json',
    'tsconfig.json',
    'README.md',
    ...listFiles(path.join(from, 'signing')).map((f) => `signing/${f}`),
  ];
  for (const f of files) {
    if (!fs.existsSync(path.join(from, f))) fail(`sdk/typescript/${f} is missing`);
    copyWithHeader(path.join(from, f), path.join(dir, f));
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const parts = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `./${e.name}`)
    .sort();
  const exported = Object.keys(pkg.exports ?? {})
    .filter((k) => k !== './package.json')
    .sort();
  if (JSON.stringify(parts) !== JSON.stringify(exported)) {
    fail(`sdk/typescript/package.json exports ${exported.join(', ')} but the package has ${parts.join(', ')}`);
  }
  return files.length;
}

// Each patch must apply exactly once (the generator's files changed otherwise: update it here).
const PYTHON_TRADING_PATCHES = [
  {
    file: 'requirements.txt',
    from: 'typing-extensions >= 4.7.1\n',
    to: 'typing-extensions >= 4.7.1\ncryptography >= 42\n',
  },
  {
    file: 'pyproject.toml',
    from: '  "typing-extensions (>=4.7.1)",\n',
    to: '  "typing-extensions (>=4.7.1)",\n  "cryptography (>=42)",\n',
  },
  {
    file: 'setup.py',
    from: '    "typing-extensions >= 4.7.1",\n',
    to: '    "typing-extensions >= 4.7.1",\n    "cryptography >= 42",\n',
  },
];

function replaceOnce(file, from, to, why) {
  const text = fs.readFileSync(file, 'utf8');
  const n = text.split(from).length - 1;
  if (n !== 1)
    fail(`${why}: matched ${n} times instead of once in ${path.basename(file)}; update scripts/generate.mjs`);
  fs.writeFileSync(
    file,
    text.replace(from, () => to),
  );
}

function writePythonSigning(stage) {
  const dir = path.join(stage, 'sdk', 'python', 'trading');
  copyWithHeader(path.join(SDK_SOURCE, 'python', 'signing.py'), path.join(dir, 'mkt_trading', 'signing.py'));
  for (const p of PYTHON_TRADING_PATCHES)
    replaceOnce(path.join(dir, p.file), p.from, p.to, `python trading: add cryptography to ${p.file}`);
  // README: the generator's install and getting-started sections, up to the endpoint table, are replaced.
  const readme = path.join(dir, 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const start = text.indexOf('\n## Installation & Usage\n');
  const end = text.indexOf('\n## Documentation for API Endpoints\n');
  if (start < 0 || end < start)
    fail(
      'python trading README.md: no "Installation & Usage" ... "Documentation for API Endpoints" sections to replace',
    );
  const ours = fs.readFileSync(path.join(SDK_SOURCE, 'python', 'trading-readme.md'), 'utf8');
  fs.writeFileSync(
    readme,
    `${text.slice(0, start)}\n<!-- from sdk/python/trading-readme.md -->\n${ours.trimEnd()}\n${text.slice(end)}`,
  );
  signPythonDocExamples(path.join(dir, 'docs'));
  return 2;
}

// The examples of docs/<Tag>Api.md set the three signature headers as fixed API keys, which can never
// work: each signed operation's example gets a SigningApiClient instead (GET /v1/health's stays as is).
function signPythonDocExamples(docsDir) {
  const authBlock =
    /\n# The client must configure the authentication and authorization parameters\n[\s\S]*?\n(?=# Enter a context with an instance of the API client\n)/;
  let signed = 0;
  for (const f of listFiles(docsDir).filter((n) => n.endsWith('Api.md'))) {
    const file = path.join(docsDir, f);
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(/```python\n([\s\S]*?)```/g, (block, code) => {
      if (!code.includes("configuration.api_key['signature']")) return block;
      const parts = [
        [authBlock, '\n# Every request is signed with your trading signing key (README.md, "Getting Started").\n\n'],
        [
          /^import mkt_trading\n/,
          'import os\n\nimport mkt_trading\nfrom mkt_trading.signing import SigningApiClient\n',
        ],
        [
          'with mkt_trading.ApiClient(configuration) as api_client:',
          'with SigningApiClient(configuration, private_key=os.environ["MKT_SIGNING_KEY"], fingerprint=os.environ["MKT_FINGERPRINT"]) as api_client:',
        ],
      ];
      let out = code;
      for (const [from, to] of parts) {
        const after = out.replace(from, to);
        if (after === out)
          fail(
            `python trading docs/${f}: an example's signing could not be rewritten (${from}); update signPythonDocExamples`,
          );
        out = after;
      }
      signed += 1;
      return '```python\n' + out + '```';
    });
    fs.writeFileSync(file, next);
  }
  if (signed === 0)
    fail('python trading docs: no example configured the signature headers; update signPythonDocExamples');
}

// ---------------------------------------------------------------------------------------------
// main

async function main() {
  const t0 = performance.now();
  const missing = APIS.filter((a) => !fs.existsSync(path.join(ROOT, 'openapi', `${a}.yaml`)));
  if (missing.length) fail(`missing document(s): ${missing.map((a) => `openapi/${a}.yaml`).join(', ')}`);
  const generator = readGeneratorConfig();

  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-generate-')));
  const stage = path.join(tmp, 'out');
  try {
    const bundles = await bundle(tmp);
    const tBundle = performance.now();
    // openapi-typescript runs in this process while the JVM generates the SDKs.
    const [{ warnings }, , streamTypes] = await Promise.all([
      generateSdks(bundles, stage, tmp, generator),
      generateTypes(bundles, stage),
      generateStreamTypes(bundles, stage, tmp),
    ]);
    const tGen = performance.now();
    postProcessSdks(stage);
    const streamSdkFiles = writeStreamSdk(stage, streamTypes);
    const packageFiles = writeTypescriptPackage(stage) + writePythonSigning(stage);
    checkNoLeaks(stage, tmp);

    const files = listFiles(stage);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const counts = [
      `types: ${listFiles(path.join(stage, 'types')).length} files`,
      ...['typescript', 'python'].map(
        (l) =>
          `sdk/${l}: ${APIS.map((a) => `${a} ${listFiles(path.join(stage, 'sdk', l, a)).length}`).join(', ')} files`,
      ),
      `sdk/typescript/streams: ${streamSdkFiles} files (the stream client of sdk/typescript/streams/ and the types of openapi/${ASYNCAPI}.yaml)`,
      `packaging: ${packageFiles} files from sdk/ (package.json, README.md, signing of the TypeScript package; signing.py and README sections of the Python trading package)`,
    ];
    const notes = APIS.flatMap((a) => bundles[a].notes.map((n) => `${a}: ${n}`));
    if (VERBOSE) {
      if (notes.length) console.log(`rewritten for openapi-generator:\n  ${notes.join('\n  ')}`);
      if (warnings.length) console.log(`openapi-generator warnings:\n  ${warnings.join('\n  ')}`);
    }

    if (CHECK) {
      const diffs = compareTrees(stage);
      if (diffs.length) {
        console.error(
          `generate --check: ${OUT_DIR}/ is out of date (${diffs.length} path(s)); run \`npm run generate\`:`,
        );
        for (const d of diffs) console.error(`  ${d}`);
        process.exitCode = 1;
      } else {
        console.log(
          `generate --check: ${OUT_DIR}/ is up to date (${files.length} files, tree ${treeHash(stage, files)}, ${seconds}s)`,
        );
      }
    } else {
      install(stage);
      console.log(
        `generated ${OUT_DIR}/ from ${[...APIS, ASYNCAPI].map((a) => `openapi/${a}.yaml`).join(', ')} and sdk/`,
      );
      for (const c of counts) console.log(`  ${c}`);
      console.log(`  ${files.length} files, tree ${treeHash(stage, files)}, openapi-generator ${generator.version}`);
      if (notes.length || warnings.length) {
        console.log(
          `  ${notes.length} schema rewrite(s) for openapi-generator, ${warnings.length} generator warning(s)` +
            (VERBOSE ? '' : ' (--verbose lists them)'),
        );
      }
      console.log(
        `  ${seconds}s (bundle ${((tBundle - t0) / 1000).toFixed(1)}s, generators ${((tGen - tBundle) / 1000).toFixed(1)}s)`,
      );
    }
  } finally {
    if (KEEP_TEMP) console.log(`temp dir kept: ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`generate: ${e instanceof GenerateError ? e.message : (e?.stack ?? e)}`);
  process.exit(1);
});
