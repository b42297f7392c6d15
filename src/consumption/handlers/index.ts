import type { operations } from '../../../generated/types/consumption.js';
import { notImplemented } from '../../http/respond.js';
import type { HandlerMap } from '../../http/types.js';
import { getDiagnostics } from './diagnostics.js';
import { getModel, listModels } from './models.js';

const consumptionIssue = notImplemented('This consumption operation (issue 5: inference, billing, usage)');

/** Operations whose 422 is the chat-completions `{errors: [{path, message, value}]}` shape (specification part 7). */
export const chatShapedOperations: ReadonlySet<string> = new Set(['createChatCompletion', 'runChatCompletion']);

/** Every operation of openapi/consumption.yaml; the server refuses to start if this and the document disagree. */
export const consumptionHandlers: HandlerMap<operations> = {
  listModels,
  getModel,
  createChatCompletion: consumptionIssue,
  runChatCompletion: consumptionIssue,
  createResponse: consumptionIssue,
  runResponse: consumptionIssue,
  createMessage: consumptionIssue,
  runMessage: consumptionIssue,
  getDiagnostics,
  listUsage: consumptionIssue,
  getUsageSummary: consumptionIssue,
  getUsageReceipt: consumptionIssue,
};
