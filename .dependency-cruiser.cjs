/**
 * The layers of mkt, from the top: cli → app (main, composition root, background jobs) → http (the edge)
 * → the surfaces (consumption, trading, platform, web, streams) → the core (core → ledger → db → lib;
 * engine → lib). An arrow may only point down, type-only imports included: a type that reaches up ties
 * the lower layer to the upper one as surely as a value does. `npm run lint:layers` runs these rules.
 */
const surfaces = '(consumption|trading|platform|web|streams)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-is-the-floor',
      comment: 'src/lib/ imports nothing of ours but itself: everything may use it, so it may use nothing.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'config-is-a-leaf',
      comment:
        'src/app/config.ts and its parts (config-*.ts) read the environment and import nothing of ours but each ' +
        'other: defaults live with them.',
      severity: 'error',
      from: { path: ['^src/app/config\\.ts$', '^src/app/config-[a-z]+\\.ts$'] },
      to: { path: '^src/', pathNot: '^src/app/config-[a-z]+\\.ts$' },
    },
    {
      name: 'engine-is-pure',
      comment: 'The matching engine imports nothing outside itself: no I/O, no clock, no database.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^src/', pathNot: '^src/engine/' },
    },
    {
      name: 'db-under-ledger',
      comment:
        'src/db/ holds the SQL and imports only src/lib/ and the pure engine types: the ledger and the core call it, never the reverse.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: '^src/(db|engine|lib)/' },
    },
    {
      name: 'ledger-under-core',
      comment: 'The ledger writes journal entries through src/db/ and knows nothing of the core above it.',
      severity: 'error',
      from: { path: '^src/ledger/' },
      to: { path: '^src/', pathNot: '^src/(ledger|db|lib)/' },
    },
    {
      name: 'core-under-surfaces',
      comment: 'The core (accounts, identity, payments, reference data, events) serves every surface and imports none.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/(core|ledger|engine|db|lib)/' },
    },
    {
      name: 'surfaces-apart',
      comment:
        'A surface imports no other surface. One arrow is allowed: the dashboard (web) is a page over the ' +
        "platform API's services, so it may use them, never the platform's handlers.",
      severity: 'error',
      from: { path: `^src/${surfaces}/` },
      to: { path: `^src/${surfaces}/`, pathNot: ['^src/$1/', '^src/platform/(?!handlers/)'] },
    },
    {
      name: 'surfaces-under-http',
      comment: 'A surface imports from the edge only its handler contract (src/http/types.ts, src/http/respond.ts).',
      severity: 'error',
      from: { path: `^src/${surfaces}/` },
      to: { path: '^src/http/', pathNot: '^src/http/(types|respond)\\.ts$' },
    },
    {
      name: 'http-over-no-surface',
      comment:
        'The edge binds handlers the composition root gives it and imports no surface: what the edge and a surface ' +
        'both need (the admission ticket, a key past its expiry) lives below both, in src/core/. Since the surfaces ' +
        "import the edge's handler contract, an arrow back would close a cycle.",
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: `^src/${surfaces}/` },
    },
    {
      name: 'app-is-the-top',
      comment: 'src/app/ composes everything; only the command line above it may import it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app|cli)/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'core-under-http',
      comment: 'The core, ledger, engine, db and lib never reach the edge or the command line.',
      severity: 'error',
      from: { path: '^src/(core|ledger|engine|db|lib)/' },
      to: { path: '^src/(http|cli)/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other cannot be read, tested or moved one at a time.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'src-not-to-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|scripts)/' },
    },
    {
      name: 'src-not-to-dev-dependencies',
      comment: 'What ships runs on the dependencies alone (types excepted).',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
