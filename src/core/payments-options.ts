/**
 * How money comes in (DESIGN.md §11, platform.yaml tag "Funds"), as core/payments.ts takes it.
 * src/app/config.ts reads it from MKT_PAYMENTS and the sandbox's limits; amounts in micro-dollars, whole cents.
 */
export interface PaymentsOptions {
  /** `sandbox`: credited at once, as sandbox money; `manual`: waits for `mkt admin deposit approve|reject`. */
  method: 'sandbox' | 'manual';
  /** Most one user's deposits may add per UTC day in sandbox. */
  sandboxDailyLimitMicros: number;
  /** Smallest and largest deposit a user may ask for. */
  depositMinMicros: number;
  depositMaxMicros: number;
}
