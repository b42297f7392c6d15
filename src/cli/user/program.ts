import { Argument, Command, CommanderError, Option, type OptionValues } from 'commander';
import { systemClock } from '../../lib/clock.js';
import { login, logout, whoami } from './auth.js';
import { showBalances, showPositions, transfer } from './balances.js';
import { chat, defaultModel, showUsage } from './consumption.js';
import { addFunds, showFunds } from './funds.js';
import type { Session } from './http.js';
import {
  createKey,
  createSigningKey,
  deleteKey,
  deleteSigningKey,
  listKeys,
  listSigningKeys,
  setMode,
  showCurrentKey,
  updateKey,
  type KeyLimitOptions,
} from './keys.js';
import { listMarkets, listTrades, showBook } from './market.js';
import { amendOrder, cancelAll, cancelOrder, listOrders, placeBatch, placeOrder, type PlaceOptions } from './orders.js';
import { cancelAfter, cancelOrdersById } from './order-safety.js';
import { chosen, required } from './arguments.js';
import { CliError, stdoutOutput, type Output } from './output.js';
import { hostsOf, profileStore } from './profile.js';
import { setAutoTopUp, setSetting, settingNames, showSettings, type AutoTopUpOptions } from './settings.js';
import { issueSupply, listIssuanceAccounts, listSupply, showLiability, transferSupply } from './supply.js';
import { endpointCommands } from './supply-endpoints.js';
import { scorecardCommand } from './supply-scorecard.js';
import { earningsCommand } from './supply-earnings.js';
import { watch } from './watch.js';
import { withdrawalCommands } from './withdrawals.js';

interface GlobalOptions {
  json: boolean;
  profile: string;
}

type Action = (session: Session, output: Output, ...args: string[]) => Promise<void>;

/** The session and output of a command, from the options every command takes (`--json`, `--profile`). */
function contextOf(command: Command): { session: Session; output: Output } {
  const options = command.optsWithGlobals<GlobalOptions>();
  return {
    session: { hosts: hostsOf(process.env), store: profileStore(process.env, options.profile), clock: systemClock },
    output: stdoutOutput(options.json),
  };
}

/** Binds an action to a command: its positional arguments as strings, its options as the last one. */
function run<O extends OptionValues>(
  body: (session: Session, output: Output, args: string[], options: O) => Promise<void>,
) {
  return async (...received: unknown[]) => {
    const command = received.at(-1);
    if (!(command instanceof Command)) throw new Error('commander calls an action with its command last');
    const { session, output } = contextOf(command);
    await body(
      session,
      output,
      command.processedArgs.flat().filter((a): a is string => typeof a === 'string'),
      command.opts<O>(),
    );
  };
}

const simple = (action: Action) => run<object>((session, output, args) => action(session, output, ...args));

function keyCommands(program: Command): void {
  const keys = program.command('keys').description('consumption API keys');
  const limitOptions = (command: Command, none: string) =>
    command
      .option('--limit <usd>', `budget in USD per period${none}`)
      .addOption(
        new Option('--reset <period>', `when the budget starts again, in UTC${none}`).choices(
          none ? ['daily', 'weekly', 'monthly', 'none'] : ['daily', 'weekly', 'monthly'],
        ),
      )
      .option(
        '--expires <time>',
        `when the key stops working: a day (2026-12-31, 00:00 UTC) or an ISO 8601 time${none}`,
      )
      .option('--models <list>', `the models the key may call, comma-separated${none ? '; all: every model' : ''}`);
  limitOptions(keys.command('create').argument('<name>'), '')
    .description('create a key, with limits if given; the raw key is printed once and kept in the profile')
    .action(run<KeyLimitOptions>((s, o, [name], options) => createKey(s, o, required(name), options)));
  keys
    .command('list')
    .description('list your keys with their limits and what they spent this period')
    .action(simple(listKeys));
  limitOptions(
    keys.command('update').argument('<id>').option('--name <name>', 'a new name'),
    '; none: remove it (a budget then never resets)',
  )
    .description("change a key's name or limits")
    .action(run<KeyLimitOptions & { name?: string }>((s, o, [id], options) => updateKey(s, o, required(id), options)));
  program
    .command('key')
    .description('the stored consumption key: its limits, usage and concurrency (GET /v1/key)')
    .action(simple(showCurrentKey));
  keys.command('delete').argument('<id>').description('delete a key').action(simple(deleteKey));
  const signing = program.command('signing-keys').description('Ed25519 keys that sign trading requests');
  signing
    .command('create')
    .argument('<label>')
    .description('make a key pair here, register the public key, keep the private key (0600)')
    .action(simple(createSigningKey));
  signing.command('list').description('list your signing keys').action(simple(listSigningKeys));
  signing.command('delete').argument('<id>').description('delete a signing key').action(simple(deleteSigningKey));
}

const modes = ['auto', 'advanced'] as const;

function accountCommands(program: Command): void {
  program
    .command('login')
    .description('log in through the browser (OAuth device flow)')
    .option('--no-browser', 'only print the URL to open')
    .option('--allow-withdrawals', 'also ask for funds:withdraw, which a login never gets unless asked for')
    .action(run<{ browser: boolean; allowWithdrawals?: boolean }>((s, o, _a, options) => login(s, o, options)));
  program.command('logout').description("revoke and forget this profile's login").action(simple(logout));
  program.command('whoami').description('who this profile is, and what it holds').action(simple(whoami));
  const settings = program.command('settings').description("the account's settings and defaults");
  settings.command('show', { isDefault: true }).description('show them').action(simple(showSettings));
  settings
    .command('set')
    .addArgument(new Argument('<name>', 'the setting').choices(settingNames))
    .argument(
      '<value>',
      'auto-buy-max-price: USD per Unit, or none; self-trade-prevention: expire_taker, expire_maker, expire_both or decrement',
    )
    .description('change a default')
    .action(run((s, o, [name, value]) => setSetting(s, o, chosen(settingNames, name), required(value))));
  settings
    .command('auto-top-up')
    .option('--on', 'turn auto top-up on (needs a quantity and a threshold)')
    .option('--off', 'turn it off')
    .option('--quantity <units>', 'whole Units bought by one top-up, or none')
    .option('--threshold <units>', 'top up when a consumption account holds fewer Units than this, or none')
    .description('buy Units and move them to consumption when an inference leaves an account low')
    .action(run<AutoTopUpOptions>((s, o, _a, options) => setAutoTopUp(s, o, options)));
  program
    .command('mode')
    .addArgument(new Argument('<mode>', 'auto or advanced').choices(modes))
    .description('switch between Auto and Advanced Mode')
    .action(run((s, o, [mode]) => setMode(s, o, chosen(modes, mode))));
  const funds = program.command('funds').description('deposits and withdrawals of USD');
  funds
    .command('show', { isDefault: true })
    .description('how deposits work here, and the recent ones')
    .action(simple(showFunds));
  funds.command('add').argument('<usd>', 'amount, like 25.00').description('deposit USD').action(simple(addFunds));
  withdrawalCommands(funds, run);
}

/** Trading, in the order `mkt --help` lists it: the market, placing, the orders placed, holdings. */
function tradingCommands(program: Command): void {
  marketCommands(program);
  placeCommands(program);
  orderCommands(program);
  holdingCommands(program);
}

function marketCommands(program: Command): void {
  program.command('markets').description('every market with its best prices').action(simple(listMarkets));
  program
    .command('book')
    .argument('<market>', 'market id or instrument symbol')
    .option('--depth <n>', 'levels per side', '10')
    .description('the order book')
    .action(
      run<{ depth: string }>((s, o, [market], options) => showBook(s, o, required(market), depthOf(options.depth))),
    );
  program
    .command('trades')
    .option('--market <market>')
    .option('--limit <n>', 'how many', '20')
    .description('your fills, newest first')
    .action(
      run<{ market?: string; limit: string }>((s, o, _a, options) =>
        listTrades(s, o, { market: options.market, limit: depthOf(options.limit) }),
      ),
    );
}

function placeCommands(program: Command): void {
  const tif = new Option('--tif <tif>', 'time in force (gtd needs --expire-time)')
    .choices(['gtc', 'ioc', 'fok', 'day', 'gtd'])
    .default('gtc');
  for (const side of ['buy', 'sell'] as const) {
    program
      .command(side)
      .argument('<market>', 'market id or instrument symbol')
      .argument('<qty>', 'Units')
      .option('--price <price>', 'limit price in USD per Unit (without it: a market order)')
      .option(
        '--stop-price <price>',
        `a stop: ${side === 'buy' ? 'buys once the last trade rises to' : 'sells once the last trade falls to'} this price (at market, or at --price as a stop_limit)`,
      )
      .addOption(
        new Option('--type <type>', 'order type (default: from --price and --stop-price)').choices([
          'limit',
          'market',
          'stop',
          'stop_limit',
        ]),
      )
      .addOption(tif)
      .option('--expire-time <time>', 'with --tif gtd: ISO 8601 time, or a duration like 15m, 2h, 7d')
      .option('--post-only', 'refuse the order rather than let it take liquidity', false)
      .addOption(
        new Option('--stp <mode>', 'self-trade prevention (default: the account setting)').choices([
          'expire_taker',
          'expire_maker',
          'expire_both',
          'decrement',
        ]),
      )
      .option('--client-order-id <id>', 'your own id for the order')
      .option('--autotransfer', 'move each fill into the consumption account', false)
      .description(`${side} Units`)
      .action(
        run<PlaceOptions>((s, o, [market, qty], options) =>
          placeOrder(s, o, side, required(market), required(qty), options),
        ),
      );
  }
  program
    .command('batch')
    .argument(
      '<file>',
      'JSON: {"orders": [...]} or an array, each a POST /v1/orders body (market by market_id or symbol)',
    )
    .description('place up to 20 orders at once')
    .action(simple((s, o, file) => placeBatch(s, o, file)));
}

function orderCommands(program: Command): void {
  program
    .command('orders')
    .option('--status <status>', 'open, filled, cancelled, …')
    .option('--market <market>')
    .description('your orders, newest first')
    .action(run<{ status?: string; market?: string }>((s, o, _a, options) => listOrders(s, o, options)));
  program
    .command('cancel')
    .argument('[order_ids...]')
    .option('--ids <ids>', 'order ids separated by commas')
    .option('--all', 'every open order (of --market, if given)')
    .option('--market <market>')
    .description('cancel one order, several (a status each), or all of them')
    .action(
      run<{ ids?: string; all?: boolean; market?: string }>((s, o, given, options) => {
        if (options.all) return cancelAll(s, o, { market: options.market });
        const orderIds = [...given, ...(options.ids ?? '').split(',').filter((id) => id !== '')];
        if (orderIds.length === 0) throw new CliError('give an ORDER_ID (or several, or --ids A,B), or --all');
        return orderIds.length === 1 ? cancelOrder(s, o, required(orderIds[0])) : cancelOrdersById(s, o, orderIds);
      }),
    );
  program
    .command('cancel-after')
    .argument('<seconds>', '0 disarms; 5 to 86400 arms or re-arms')
    .option('--market <market>', 'only this market (id or instrument symbol)')
    .description("dead-man's switch: cancel your open orders unless called again within SECONDS")
    .action(run<{ market?: string }>((s, o, [seconds], options) => cancelAfter(s, o, required(seconds), options)));
  program
    .command('amend')
    .argument('<order_id>')
    .option('--price <price>')
    .option('--quantity <qty>', 'new total quantity')
    .description('change an open limit order')
    .action(
      run<{ price?: string; quantity?: string }>((s, o, [orderId], options) =>
        amendOrder(s, o, required(orderId), options),
      ),
    );
}

function holdingCommands(program: Command): void {
  program.command('balances').description('USD, Units to trade and Units to consume').action(simple(showBalances));
  program
    .command('positions')
    .addOption(new Option('--status <status>', 'only open or only closed positions').choices(['open', 'closed']))
    .description('Units held per instrument with their FIFO cost and profit and loss, fees included')
    .action(run<{ status?: string }>((s, o, _a, options) => showPositions(s, o, options)));
  program
    .command('transfer')
    .argument('<instrument>', 'instrument id or symbol')
    .argument('<qty>', 'Units')
    .description('move Units from trading to consumption')
    .action(simple((s, o, instrument, qty) => transfer(s, o, instrument, qty)));
  program
    .command('watch')
    .argument('<market>', 'market id or instrument symbol')
    .description('the live book and trades, until Ctrl-C')
    .action(run((s, o, [market]) => watch(s, o, required(market), process.stdout.isTTY === true && !o.json)));
}

function consumptionCommands(program: Command): void {
  program
    .command('usage')
    .option('--summary', 'totals by --group-by (day unless given)', false)
    .addOption(new Option('--group-by <group>', 'implies --summary').choices(['day', 'model', 'api_key']))
    .description('your inference requests and what they cost')
    .action(
      run<{ summary: boolean; groupBy?: string }>((s, o, _a, options) =>
        showUsage(s, o, {
          summary: options.summary || options.groupBy !== undefined,
          groupBy: options.groupBy ?? 'day',
        }),
      ),
    );
  program
    .command('chat')
    .argument('<prompt...>')
    .option('--model <model>', 'a model of GET /v1/models', defaultModel)
    .option('--max-price <price>', 'the most a Unit this request uses may cost, in USD (4 decimals, like 0.4500)')
    .description('ask a model; the answer streams, then its tokens and cost')
    .action(run<{ model: string; maxPrice?: string }>((s, o, words, options) => chat(s, o, words.join(' '), options)));
}

function supplyCommands(program: Command): void {
  const supply = program
    .command('supply')
    .description('for suppliers: issue Units, move them to trading, and what is owed on them');
  supply
    .command('issue')
    .argument('<instrument>', 'instrument id or symbol')
    .argument('<qty>', 'Units')
    .description('issue new Units into your issuance account')
    .action(simple((s, o, instrument, qty) => issueSupply(s, o, instrument, qty)));
  supply
    .command('accounts')
    .description('your issuance accounts: Units waiting, issued and transferred')
    .action(simple(listIssuanceAccounts));
  supply
    .command('transfer')
    .argument('<instrument>', 'instrument id or symbol')
    .argument('<qty>', 'Units')
    .option('--client-transfer-id <id>', 'your own id, so a retry moves the Units once')
    .description('move issued Units to your trading account, to sell them')
    .action(
      run<{ clientTransferId?: string }>((s, o, [instrument, qty], options) =>
        transferSupply(s, o, required(instrument), required(qty), options),
      ),
    );
  supply
    .command('list')
    .option('--instrument <instrument>', 'only this instrument (id or symbol)')
    .description('your issuances, newest first')
    .action(run<{ instrument?: string }>((s, o, _a, options) => listSupply(s, o, options)));
  supply
    .command('liability')
    .description('per instrument: tokens owed on the Units you sold, fulfilled and outstanding')
    .action(simple(showLiability));
  endpointCommands(supply, run);
  scorecardCommand(supply, run);
  earningsCommand(supply, run);
}

function depthOf(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new CliError(`expected a whole number from 1 to 1000; got ${text}`);
  return n;
}

/** The user's commands (issue 14): tables by default, `--json` for the API's data, one profile each. */
export function userProgram(): Command {
  const program = new Command('mkt')
    .option('--json', "print the API's data as JSON", false)
    .option('--profile <name>', 'credentials profile', 'default')
    .showHelpAfterError()
    .exitOverride();
  accountCommands(program);
  keyCommands(program);
  tradingCommands(program);
  consumptionCommands(program);
  supplyCommands(program);
  return program;
}

/** Runs the user's commands; a failure prints its detail (JSON with --json) and exits 1, a usage mistake exits 2. */
export async function runUser(argv: string[]): Promise<void> {
  const program = userProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
    const json = argv.includes('--json');
    const detail = error instanceof Error ? error.message : String(error);
    const code = error instanceof CliError ? error.code : undefined;
    process.stderr.write(
      json ? JSON.stringify({ errors: { code: code ?? 'error', detail } }) + '\n' : `mkt: ${detail}\n`,
    );
    process.exit(1);
  }
}
