import { agentTemplates } from './agent-probes.js';
import { codeTemplates } from './code-probes.js';
import type { ProbeRandom } from './probe-random.js';
import type { SandboxLimits } from './sandbox.js';
import { textTemplates } from './text-probes.js';
import type { Probe, Suite } from './types.js';

/** The quality probes of one run: the instrument's suite, each template instantiated `perTemplate` times. */

export function suiteOf(modelCategory: string | null): Suite {
  return modelCategory === 'code' || modelCategory === 'agent' ? modelCategory : 'text';
}

export function generateProbes(
  suite: Suite,
  random: ProbeRandom,
  options: { perTemplate: number; sandbox: SandboxLimits },
): Probe[] {
  const templates = { text: textTemplates, code: codeTemplates(options.sandbox), agent: agentTemplates }[suite];
  const probes: Probe[] = [];
  for (let index = 1; index <= options.perTemplate; index++)
    for (const template of templates) probes.push(template(random, index));
  return probes;
}
