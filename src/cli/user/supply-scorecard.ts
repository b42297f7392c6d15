import type { Command } from 'commander';
import type { Bind } from './bind.js';
import type { components } from '../../../generated/types/trading.js';
import { tradingData, type Session } from './http.js';
import { renderTable, show, type Output } from './output.js';

type SupplierScorecard = components['schemas']['SupplierScorecard'];
type ScorecardWindow = components['schemas']['ScorecardWindow'];

/**
 * `mkt supply scorecard`, for suppliers: how each of their endpoints performs per instrument over the last hour and
 * day, from the receipts of the requests it answered, its canaries and its attempts that failed before their first
 * byte, with what the watch found of it and its last canary (issue 31, items 4 and 5). `--json` prints the API's
 * document.
 */

const figure = (value: number | null): string => (value === null ? '-' : String(value));
const percent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;

/** `suspended (watch)` while suspended, else the qualification. */
const qualificationOf = (card: SupplierScorecard): string =>
  card.suspended_by === null ? card.qualification : `${card.qualification} (${card.suspended_by})`;

function windowRow(card: SupplierScorecard, window: ScorecardWindow): string[] {
  const errors = window.tool_call_errors;
  const { canaries, failed_before_first_byte: early } = window;
  return [
    card.endpoint_id,
    card.instrument_id,
    qualificationOf(card),
    card.standing,
    figure(card.quality_score),
    window.window,
    String(window.requests),
    `${window.out_of_spec} (${percent(window.out_of_spec_rate)})`,
    `${figure(window.time_to_first_token_ms.p50)} / ${figure(window.time_to_first_token_ms.p95)}`,
    `${figure(window.output_tokens_per_second.p50)} / ${figure(window.output_tokens_per_second.p5)}`,
    `${errors.invalid_json} / ${errors.unknown_tool} / ${errors.arguments_schema}`,
    String(window.failures),
    `${early.timeouts} / ${early.failed}`,
    `${canaries.passed} / ${canaries.runs} (${figure(canaries.quality_score)})`,
  ];
}

/** Each scorecard's standing reason and last canary, under the table, when there is one. */
function notesOf(cards: readonly SupplierScorecard[]): string[] {
  return cards.flatMap((card) => {
    const notes = [];
    if (card.standing_reason !== null) notes.push(`standing ${card.standing}: ${card.standing_reason}`);
    if (card.last_canary !== null)
      notes.push(`last canary ${card.last_canary.at}: ${card.last_canary.result} (${card.last_canary.probe})`);
    return notes.map((note) => `${card.endpoint_id} ${card.instrument_id}: ${note}`);
  });
}

const headings = [
  'endpoint',
  'instrument',
  'qualification',
  'standing',
  'score',
  'window',
  'requests',
  'out of spec',
  'TTFT ms p50 / p95',
  'tokens/s p50 / p5',
  'tool errors json / name / args',
  'failures',
  'failed before 1st byte timeouts / other',
  'canaries passed / sent (score)',
];

async function showScorecards(session: Session, output: Output): Promise<void> {
  const cards = await tradingData<SupplierScorecard[]>(session, 'GET', '/v1/supply/scorecard');
  const rows = cards.flatMap((card) => card.windows.map((window) => windowRow(card, window)));
  show(output, cards, () =>
    rows.length
      ? [renderTable(headings, rows), ...notesOf(cards)].join('\n')
      : 'No scorecards: register an endpoint with mkt supply endpoints add --base-url URL --model M --instruments I.',
  );
}

/** The `scorecard` command under `mkt supply`. */
export function scorecardCommand(supply: Command, bind: Bind): void {
  supply
    .command('scorecard')
    .description("your endpoints' performance per instrument over the last hour and day")
    .action(bind((s, o) => showScorecards(s, o)));
}
