import type { operations } from '../../../generated/types/consumption.js';
import type { HandlerMap } from '../../http/types.js';
import type { ConsumptionDeps } from '../deps.js';
import { getDiagnostics } from './diagnostics.js';
import { getCurrentKey } from './key.js';
import { getModel, listModels } from './models.js';
import {
  countMessageTokens,
  createChatCompletion,
  createMessage,
  createResponse,
  runChatCompletion,
  runMessage,
  runResponse,
} from './inference.js';
import { getUsageReceipt, getUsageSummary, listUsage } from './usage.js';

/** Operations whose 422 is the chat-completions `{errors: [{path, message, value}]}` shape (specification part 7). */
export const chatShapedOperations: ReadonlySet<string> = new Set(['createChatCompletion', 'runChatCompletion']);

/** Every operation of openapi/consumption.yaml; the server refuses to start if this and the document disagree. */
export const consumptionHandlers: HandlerMap<operations, ConsumptionDeps> = {
  listModels,
  getModel,
  createChatCompletion,
  runChatCompletion,
  createResponse,
  runResponse,
  createMessage,
  runMessage,
  countMessageTokens,
  getDiagnostics,
  getCurrentKey,
  listUsage,
  getUsageSummary,
  getUsageReceipt,
};
