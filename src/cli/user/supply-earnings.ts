import type { Command, OptionValues } from 'commander';
import type { components } from '../../../generated/types/trading.js';
import { tradingData, type Session } from './http.js';
import { renderTable, show, type Cell, type Output } from './output.js';

type SupplyEarnings = components['schemas']['SupplyEarnings'];
type EarningsFigures = components['schemas']['EarningsFigures'];

/**
 * `mkt supply earnings`, for suppliers: their books per instrument and UTC period, newest first (issue 32, item 2):
 * Units issued and sold, tokens buyers consumed of their Units and tokens their endpoints served, the proceeds of their
 * sales and the fees on them, what they still owe, and the withdrawals paid out. `--json` prints the API's document.
 */

/** How program.ts binds an action to a command (its session, output, positional arguments and options). */
type Bind = <O extends OptionValues>(
  body: (session: Session, output: Output, args: string[], options: O) => Promise<void>,
) => (...received: unknown[]) => Promise<void>;

interface EarningsOptions {
  period: string;
  periods?: string;
  instrument?: string;
}

const figureCells = (f: EarningsFigures): Cell[] => [
  f.units_issued,
  f.units_sold,
  f.tokens_consumed,
  f.tokens_served,
  f.gross_proceeds,
  f.fees_paid,
  f.net_proceeds,
  f.outstanding_liability,
];

const figureHeadings = [
  'issued',
  'sold',
  'tokens consumed',
  'tokens served',
  'gross USD',
  'fees USD',
  'net USD',
  'tokens owed',
];

/** `2026-11-22T00:00:00.000000Z` → `2026-11-22`. */
const dateOf = (iso: string): string => iso.slice(0, 10);

function booksText(books: SupplyEarnings): string {
  if (books.instruments.length === 0)
    return 'No books yet: issue Units with mkt supply issue INSTRUMENT QTY and sell them with mkt sell.';
  const rows = books.instruments.flatMap((i) => [
    ...i.periods.map((p) => [i.instrument_symbol, dateOf(p.period_start), ...figureCells(p)]),
    [i.instrument_symbol, 'total', ...figureCells(i.totals)],
  ]);
  const withdrawals = books.withdrawals.map((w) => [dateOf(w.period_start), w.withdrawals_paid, w.withdrawal_count]);
  const { totals } = books;
  return [
    renderTable(['instrument', `${books.period} from`, ...figureHeadings], rows, {
      rightAligned: [2, 3, 4, 5, 6, 7, 8, 9],
    }),
    'Withdrawals paid out:',
    renderTable([`${books.period} from`, 'USD', 'count'], withdrawals, { rightAligned: [1, 2] }),
    `Total ${dateOf(books.from)} to ${dateOf(books.to)}: gross ${totals.gross_proceeds}, fees ${totals.fees_paid}, net ${totals.net_proceeds}, withdrawn ${totals.withdrawals_paid} USD.`,
    "Tokens owed: at each period's end (now for the current one, and in the totals).",
  ].join('\n');
}

async function showEarnings(session: Session, output: Output, options: EarningsOptions): Promise<void> {
  const books = await tradingData<SupplyEarnings>(session, 'GET', '/v1/supply/earnings', {
    query: { period: options.period, periods: options.periods, instrument_id: options.instrument },
  });
  show(output, books, () => booksText(books));
}

/** The `earnings` command under `mkt supply`. */
export function earningsCommand(supply: Command, bind: Bind): void {
  supply
    .command('earnings')
    .option('--period <period>', 'day, week or month (UTC)', 'day')
    .option('--periods <n>', 'how many periods back from the current one (default 7, at most 92)')
    .option('--instrument <instrument>', 'only this instrument (id or symbol)')
    .description('your books per instrument and period: Units sold, tokens served, proceeds, fees, what is owed')
    .action(bind<EarningsOptions>((s, o, _a, options) => showEarnings(s, o, options)));
}
