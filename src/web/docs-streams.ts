import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { escapeHtml } from './html.js';

/**
 * The streams reference at /docs/streams: openapi/asyncapi.yaml rendered on the server (no script,
 * no outside asset), its operations, then each message with its payload schema. References into
 * the trading API's components are shown as written; they name the schemas of /docs/trading.
 */
const asyncapiPath = fileURLToPath(new URL('../../../openapi/asyncapi.yaml', import.meta.url));

interface Message {
  name: string;
  title?: string;
  summary?: string;
  payload: unknown;
}
interface Operation {
  action: 'send' | 'receive';
  title?: string;
  description?: string;
  messages: { $ref: string }[];
  reply?: { messages: { $ref: string }[] };
}
interface AsyncApi {
  info: { title: string; version: string; description?: string };
  operations: Record<string, Operation>;
  components: { messages: Record<string, Message>; schemas: Record<string, unknown> };
}

const messageKey = (ref: string): string => ref.split('/').pop()!;
const messageLinks = (refs: { $ref: string }[] | undefined): string =>
  (refs ?? []).map((r) => `<a href="#message-${messageKey(r.$ref)}">${escapeHtml(messageKey(r.$ref))}</a>`).join(', ');
const schemaHtml = (schema: unknown): string => `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

let rendered: Promise<string> | undefined;

/** The page's body, rendered once per process (the document does not change while it runs). */
export function streamsReference(): Promise<string> {
  rendered ??= (async () => {
    const doc = parse(await readFile(asyncapiPath, 'utf8')) as AsyncApi;
    const operations = Object.entries(doc.operations)
      .map(
        ([key, o]) =>
          `<tr><td><code>${escapeHtml(key)}</code></td><td>${o.action}</td><td>${escapeHtml(o.title ?? '')}</td><td>${messageLinks(o.messages)}</td><td>${messageLinks(o.reply?.messages)}</td></tr>`,
      )
      .join('\n');
    const messages = Object.entries(doc.components.messages)
      .map(
        ([key, m]) =>
          `<section id="message-${escapeHtml(key)}"><h3><code>${escapeHtml(m.name)}</code> ${escapeHtml(m.title ?? '')}</h3><p>${escapeHtml(m.summary ?? '')}</p>${schemaHtml(m.payload)}</section>`,
      )
      .join('\n');
    const schemas = Object.entries(doc.components.schemas)
      .map(
        ([key, s]) => `<section id="schema-${escapeHtml(key)}"><h3>${escapeHtml(key)}</h3>${schemaHtml(s)}</section>`,
      )
      .join('\n');
    return `<main class="wide"><h1>${escapeHtml(doc.info.title)}</h1><p class="lead">AsyncAPI ${escapeHtml(doc.info.version)} · <a href="/docs/asyncapi.yaml">asyncapi.yaml</a></p>
<pre class="prose">${escapeHtml(doc.info.description ?? '')}</pre>
<h2>Operations</h2><table><tr><th>operation</th><th>action</th><th>what</th><th>messages</th><th>replies</th></tr>${operations}</table>
<h2>Messages</h2>${messages}<h2>Schemas</h2>${schemas}</main>`;
  })();
  return rendered;
}

export const asyncapiText = (): Promise<string> => readFile(asyncapiPath, 'utf8');
