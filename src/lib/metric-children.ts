/**
 * prom-client's children of one labelled instrument, looked up by one label's value: `labels(...)` builds and hashes
 * the label object on every call, where a hot path wants a map lookup. Nest it for several labels
 * (`orders.of(market).of(type).of(result)`). Only for labels of bounded cardinality (lib/metrics.ts): a child is kept
 * for every value ever asked for.
 */
export class LabelledChildren<Child> {
  private readonly children = new Map<string, Child>();

  constructor(private readonly make: (value: string) => Child) {}

  of(value: string): Child {
    let child = this.children.get(value);
    if (child === undefined) {
      child = this.make(value);
      this.children.set(value, child);
    }
    return child;
  }
}
