import type { InferenceDeps } from './inference/pipeline.js';

/**
 * What the consumption surface's handlers take, built once by the composition root
 * (src/app/services.ts): inference's state and ports (InferenceDeps), and where clients reach the consumption hosts (a
 * redirect's Location).
 */
export interface ConsumptionDeps extends InferenceDeps {
  publicUrls: InferenceDeps['publicUrls'] & { of(host: 'consumption' | 'messages'): string };
}
