import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { newMetrics } from '../../src/lib/metrics.js';

/**
 * docs/grafana-dashboard.json imports as is into Grafana (a datasource input, the fields an import needs) and every
 * query in it names a metric that `/metrics` serves: the families of lib/metrics.ts plus prom-client's default process
 * and Node.js metrics, a histogram's `_bucket`, `_sum` and `_count` series only on a histogram.
 */
interface Target {
  expr?: string;
  refId?: string;
  datasource?: { type?: string; uid?: string };
}

interface Panel {
  id?: number;
  type?: string;
  title?: string;
  gridPos?: { h: number; w: number; x: number; y: number };
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
}

interface Dashboard {
  __inputs?: { name: string; type: string; pluginId: string }[];
  __requires?: { type: string; id: string }[];
  title?: string;
  uid?: string;
  schemaVersion?: number;
  panels?: Panel[];
  templating?: { list: { name: string; type: string; query?: { query?: string } | string; definition?: string }[] };
}

const dashboard = JSON.parse(
  readFileSync(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
) as Dashboard;
const panels = (dashboard.panels ?? []).filter((p) => p.type !== 'row');

/** PromQL's functions, aggregations and keywords that a query of the dashboard may use. */
const promqlWords = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'topk',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'label_values',
  'by',
  'without',
]);

/** Metric families `/metrics` serves, by name, with their type. */
async function servedFamilies(): Promise<Map<string, string>> {
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults });
  const families = [...(await newMetrics().registry.getMetricsAsJSON()), ...(await defaults.getMetricsAsJSON())];
  return new Map(families.map((family) => [family.name, String(family.type)]));
}

/** The names a PromQL expression selects, and the functions it calls. */
function namesIn(expr: string): { metrics: string[]; functions: string[] } {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values and template text
    .replace(/(label_values\([^,()]*),\s*\w+\)/g, '$1)') // a variable's label, after its metric
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges
    .replace(/\b(by|without)\s*\([^)]*\)/g, ' ') // grouping labels
    .replace(/\$\w+/g, ' ')
    .replace(/\b\d+(\.\d+)?(e\d+)?\b/g, ' ');
  const metrics: string[] = [];
  const functions: string[] = [];
  for (const match of bare.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\s*(\()?/g)) {
    const [, name, call] = match;
    if (name === undefined) continue;
    if (call !== undefined || promqlWords.has(name)) functions.push(name);
    else metrics.push(name);
  }
  return { metrics, functions };
}

function queries(): string[] {
  const fromPanels = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr ?? ''));
  const fromVariables = (dashboard.templating?.list ?? []).map((v) =>
    typeof v.query === 'string' ? v.query : (v.query?.query ?? ''),
  );
  return [...fromPanels, ...fromVariables].filter((q) => q !== '');
}

describe('docs/grafana-dashboard.json', () => {
  it('has what a Grafana import needs: a Prometheus datasource input, title, uid, schema version, panels laid out', () => {
    const input = dashboard.__inputs?.find((i) => i.name === 'DS_PROMETHEUS');
    expect(input).to.include({ type: 'datasource', pluginId: 'prometheus' });
    expect(dashboard.__requires?.map((r) => r.id)).to.include.members(['grafana', 'prometheus', 'timeseries', 'stat']);
    expect(dashboard.title).to.be.a('string').and.not.equal('');
    expect(dashboard.uid).to.match(/^[A-Za-z0-9_-]{1,40}$/);
    expect(dashboard.schemaVersion).to.be.at.least(36); // Grafana 9.0 and later
    expect(panels.length).to.be.greaterThan(20);
    const ids = (dashboard.panels ?? []).map((p) => p.id);
    expect(new Set(ids).size, 'panel ids are unique').to.equal(ids.length);
    for (const panel of panels) {
      expect(panel.title, `panel ${panel.id}`).to.be.a('string').and.not.equal('');
      expect(panel.datasource, panel.title).to.deep.equal({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
      expect(panel.gridPos, panel.title).to.include.keys('h', 'w', 'x', 'y');
      expect((panel.gridPos?.x ?? 0) + (panel.gridPos?.w ?? 0), panel.title).to.be.at.most(24);
      expect(panel.targets, panel.title).to.be.an('array').that.is.not.empty;
      for (const target of panel.targets ?? []) {
        expect(target.expr, panel.title).to.be.a('string').and.not.equal('');
        expect(target.refId, panel.title).to.match(/^[A-Z]$/);
        expect(target.datasource, panel.title).to.deep.equal({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
      }
    }
  });

  it('queries only metrics that /metrics serves, histogram series only on histograms', async () => {
    const served = await servedFamilies();
    const named = new Set<string>();
    for (const query of queries()) {
      const { metrics, functions } = namesIn(query);
      expect(metrics, query).to.not.be.empty;
      for (const name of functions) expect(promqlWords.has(name), `${name} in ${query}`).to.equal(true);
      for (const name of metrics) {
        const series = /^(.*)_(bucket|sum|count)$/.exec(name);
        const family = series?.[1] !== undefined && served.has(series[1]) ? series[1] : name;
        expect(served.has(family), `${name} in ${query} is not a metric /metrics serves`).to.equal(true);
        if (family !== name) expect(served.get(family), `${name}: ${family} is a histogram`).to.equal('histogram');
        named.add(family);
      }
    }
    // Every instrument of the table is drawn.
    const ours = [...(await newMetrics().registry.getMetricsAsJSON())].map((family) => family.name);
    expect(ours.filter((name) => !named.has(name))).to.deep.equal([]);
  });
});
