import { Agent, request } from 'node:http';

/**
 * The client side of the gateway benchmark (scripts/bench-gateway.ts): one request as an OpenAI
 * client sends it, through each path (straight to the upstream, through a gateway that answers
 * 307 as mkt does, through a passthrough gateway), and phases of them at a fixed concurrency.
 */
interface Reply {
  status: number;
  location: string | undefined;
  contentType: string | undefined;
  text: string;
}

/** What every path sends: the body, and whether the answer is an event stream. */
export interface Sent {
  body: string;
  streamed: boolean;
}

function send(agent: Agent, url: URL, headers: Record<string, string>, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname + url.search,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            contentType: response.headers['content-type'],
            text: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const codeOf = (reply: Reply): string => /"code"\s*:\s*"([^"]+)"/.exec(reply.text)?.[1] ?? '?';

/** Undefined when the answer is a 200 chat completion with usage (JSON, or events ending in [DONE]); else what was wrong. */
function completionProblem(reply: Reply, streamed: boolean): string | undefined {
  if (reply.status !== 200) return `${reply.status} ${codeOf(reply)}`;
  if (streamed) {
    if (!reply.contentType?.startsWith('text/event-stream')) return `200 content-type ${reply.contentType ?? 'none'}`;
    if (!reply.text.trimEnd().endsWith('data: [DONE]')) return '200 stream without [DONE]';
    return /"total_tokens"\s*:\s*\d+/.test(reply.text) ? undefined : '200 stream without usage';
  }
  if (!reply.contentType?.startsWith('application/json')) return `200 content-type ${reply.contentType ?? 'none'}`;
  try {
    const parsed = JSON.parse(reply.text) as { usage?: { total_tokens?: unknown } };
    if (typeof parsed.usage?.total_tokens !== 'number') return '200 without usage';
  } catch {
    return '200 not JSON';
  }
  return undefined;
}

/** One request through a path: undefined when it was answered well, else what went wrong. */
export type Attempt = (agent: Agent) => Promise<string | undefined>;

/** Straight to `url` (the upstream, or a passthrough gateway in front of it), with `headers`. */
export const directAttempt = (name: string, url: URL, headers: Record<string, string>, sent: Sent): Attempt => {
  return async (agent) => {
    const reply = await send(agent, url, headers, sent.body);
    const problem = completionProblem(reply, sent.streamed);
    return problem && `${name} ${problem}: ${reply.text.slice(0, 400)}`;
  };
};

/** Through a gateway (mkt, or the bare one): the 307, then the same body and headers to its Location on the same host. */
export const redirectedAttempt = (gatewayUrl: string, apiKey: string, sent: Sent): Attempt => {
  const first = new URL('/v1/chat/completions', gatewayUrl);
  const headers = { authorization: `Bearer ${apiKey}` };
  return async (agent) => {
    const redirect = await send(agent, first, headers, sent.body);
    if (redirect.status !== 307 || redirect.location === undefined) {
      return `mkt /v1 ${redirect.status} ${codeOf(redirect)} (location ${redirect.location ?? 'none'}): ${redirect.text.slice(0, 400)}`;
    }
    const reply = await send(agent, new URL(redirect.location, first), headers, sent.body);
    const problem = completionProblem(reply, sent.streamed);
    return problem && `mkt ${redirect.location} ${problem}: ${reply.text.slice(0, 400)}`;
  };
};

export interface PhaseResult {
  samplesMs: number[];
  elapsedMs: number;
  failures: number;
  /** Failures by kind (the text before the first ': '), with the first example of each. */
  errors: Map<string, { count: number; example: string }>;
}

export const emptyPhase = (): PhaseResult => ({ samplesMs: [], elapsedMs: 0, failures: 0, errors: new Map() });

function recordProblem(result: PhaseResult, problem: string): void {
  result.failures += 1;
  const key = problem.split(': ')[0] ?? problem;
  const seen = result.errors.get(key) ?? { count: 0, example: problem };
  seen.count += 1;
  result.errors.set(key, seen);
}

/** `count` attempts, `concurrency` at a time. */
export async function runPhase(
  count: number,
  concurrency: number,
  agent: Agent,
  attempt: Attempt,
): Promise<PhaseResult> {
  const result = emptyPhase();
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < count) {
        issued += 1;
        const sentAt = performance.now();
        let problem: string | undefined;
        try {
          problem = await attempt(agent);
        } catch (error) {
          problem = `transport ${(error as Error).message}`;
        }
        result.samplesMs.push(performance.now() - sentAt);
        if (problem !== undefined) recordProblem(result, problem);
      }
    }),
  );
  result.elapsedMs = performance.now() - started;
  return result;
}

export function addPhase(into: PhaseResult, phase: PhaseResult): void {
  into.samplesMs.push(...phase.samplesMs);
  into.elapsedMs += phase.elapsedMs;
  into.failures += phase.failures;
  for (const [key, seen] of phase.errors) {
    const known = into.errors.get(key);
    if (known) known.count += seen.count;
    else into.errors.set(key, { ...seen });
  }
}
