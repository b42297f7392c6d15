import { uuidV5 } from '../../lib/ids.js';

/**
 * The nine instruments of the specification (part 1) and their markets. Ids are UUIDv5 of the
 * instrument name, so every install of mkt names the same instrument the same way.
 */
const idNamespace = '5b0c6a52-2f6e-4c57-9a43-6f1f7d0f3e11';

type TaskType = 'text' | 'code' | 'agent';
type Tier = 'standard' | 'prime' | 'max';

interface TierSpec {
  contextWindow: number;
  tokenThroughput: number;
  maxOutputLength: number;
  minPerformanceBenchmark: number;
  maxTimeToFirstTokenMs: number;
}

const tiers: Record<Tier, TierSpec> = {
  standard: {
    contextWindow: 32_768,
    tokenThroughput: 40,
    maxOutputLength: 4_096,
    minPerformanceBenchmark: 60,
    maxTimeToFirstTokenMs: 2_000,
  },
  prime: {
    contextWindow: 131_072,
    tokenThroughput: 60,
    maxOutputLength: 8_192,
    minPerformanceBenchmark: 75,
    maxTimeToFirstTokenMs: 1_200,
  },
  max: {
    contextWindow: 200_000,
    tokenThroughput: 80,
    maxOutputLength: 16_384,
    minPerformanceBenchmark: 85,
    maxTimeToFirstTokenMs: 800,
  },
};

const usage: Record<TaskType, string> = {
  text: 'General text generation: chat, summarisation, extraction and rewriting.',
  code: 'Code generation, completion, review and repair across mainstream languages.',
  agent: 'Agentic workloads: tool calls, structured JSON output and multi-step plans.',
};

const qualifyingModels: Record<TaskType, Record<Tier, string[]>> = {
  text: {
    standard: ['llama-3.1-8b-instruct', 'qwen2.5-7b-instruct', 'mistral-7b-instruct-v0.3', 'gemma-2-9b-it'],
    prime: ['llama-3.3-70b-instruct', 'qwen2.5-72b-instruct', 'mistral-large-2411'],
    max: ['deepseek-v3', 'llama-3.1-405b-instruct', 'qwen3-235b-a22b'],
  },
  code: {
    standard: ['qwen2.5-coder-7b-instruct', 'deepseek-coder-6.7b-instruct', 'codegemma-7b-it'],
    prime: ['qwen2.5-coder-32b-instruct', 'codestral-22b', 'deepseek-coder-v2-lite-instruct'],
    max: ['qwen3-coder-480b-a35b', 'deepseek-v3', 'deepseek-coder-v2-instruct'],
  },
  agent: {
    standard: ['llama-3.1-8b-instruct', 'qwen2.5-7b-instruct', 'hermes-3-llama-3.1-8b'],
    prime: ['llama-3.3-70b-instruct', 'qwen2.5-72b-instruct', 'gpt-oss-120b'],
    max: ['kimi-k2-instruct', 'deepseek-r1', 'qwen3-235b-a22b'],
  },
};

interface InstrumentSeed {
  instrumentId: string;
  marketId: string;
  modelName: string;
  symbol: string;
  name: string;
  description: string;
  taskType: TaskType;
  tier: Tier;
  contextWindow: number;
  tokenThroughput: number;
  maxOutputLength: number;
  minPerformanceBenchmark: number;
  maxTimeToFirstTokenMs: number;
  usage: string;
  qualifyingModels: string[];
}

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

export const instrumentSeeds: InstrumentSeed[] = (['text', 'code', 'agent'] as const).flatMap((taskType) =>
  (['standard', 'prime', 'max'] as const).map((tier) => {
    const modelName = `${taskType}-${tier}`;
    const spec = tiers[tier];
    return {
      instrumentId: `instrument-${uuidV5(`instrument:${modelName}`, idNamespace)}`,
      marketId: `market_${uuidV5(`market:${modelName}`, idNamespace)}`,
      modelName,
      symbol: modelName.toUpperCase(),
      name: `${capitalised(taskType)} ${capitalised(tier)}`,
      description:
        `${capitalised(tier)}-tier ${taskType} inference: any qualifying model scoring at least ` +
        `${spec.minPerformanceBenchmark} on the Quality Score, first token within ${spec.maxTimeToFirstTokenMs} ms, ` +
        `a ${spec.contextWindow.toLocaleString('en-US')}-token context window.`,
      taskType,
      tier,
      ...spec,
      usage: usage[taskType],
      qualifyingModels: qualifyingModels[taskType][tier],
    };
  }),
);

/** `-latest` aliases name third-party model families; each resolves to one instrument. */
export const modelAliasSeeds: { alias: string; modelName: string; displayName: string; ownedBy: string }[] = [
  { alias: 'llama-latest', modelName: 'text-prime', displayName: 'Llama (latest qualifying)', ownedBy: 'meta-llama' },
  {
    alias: 'mistral-latest',
    modelName: 'text-standard',
    displayName: 'Mistral (latest qualifying)',
    ownedBy: 'mistralai',
  },
  {
    alias: 'deepseek-latest',
    modelName: 'text-max',
    displayName: 'DeepSeek (latest qualifying)',
    ownedBy: 'deepseek-ai',
  },
  { alias: 'qwen-latest', modelName: 'text-prime', displayName: 'Qwen (latest qualifying)', ownedBy: 'qwen' },
  {
    alias: 'qwen-coder-latest',
    modelName: 'code-prime',
    displayName: 'Qwen Coder (latest qualifying)',
    ownedBy: 'qwen',
  },
  {
    alias: 'deepseek-coder-latest',
    modelName: 'code-max',
    displayName: 'DeepSeek Coder (latest qualifying)',
    ownedBy: 'deepseek-ai',
  },
  { alias: 'gpt-oss-latest', modelName: 'agent-prime', displayName: 'gpt-oss (latest qualifying)', ownedBy: 'openai' },
  { alias: 'kimi-latest', modelName: 'agent-max', displayName: 'Kimi (latest qualifying)', ownedBy: 'moonshotai' },
];

/** DESIGN.md §3–§4 defaults. */
export const marketDefaults = {
  feePpm: 5_000, // "0.0050" = 0.5% of notional, both sides
  tickSizeTicks: 1, // 0.0001
  lotSize: 1,
  minOrderSize: 1,
  maxOrderSize: 10_000,
  priceCollarPct: 50,
  tokensPerUnit: 1_000_000,
};
