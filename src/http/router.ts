import type { Operation } from 'openapi-backend';
import { ApiError } from '../lib/errors.js';
import { decodePathParameter } from './parameters.js';

interface Route {
  operation: Operation;
  method: string;
  pattern: RegExp;
  paramNames: string[];
  /** Literal characters in the template: the more, the more specific (/orders/count beats /orders/{id}). */
  specificity: number;
}

interface RouteMatch {
  operation: Operation;
  params: Record<string, string>;
}

/**
 * Matches method + path to an operation of one host. Compiled once; a request costs one map lookup
 * for literal paths and a short regex scan for templated ones.
 */
export class Router {
  private readonly literal = new Map<string, Map<string, Operation>>();
  private readonly templated: Route[] = [];

  constructor(operations: Operation[]) {
    for (const operation of operations) {
      const method = operation.method.toUpperCase();
      if (!operation.path.includes('{')) {
        const byMethod = this.literal.get(operation.path) ?? new Map<string, Operation>();
        byMethod.set(method, operation);
        this.literal.set(operation.path, byMethod);
        continue;
      }
      const paramNames: string[] = [];
      const source = operation.path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const param = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (param === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          paramNames.push(param);
          return '([^/]+)';
        })
        .join('');
      this.templated.push({
        operation,
        method,
        pattern: new RegExp(`^${source}$`),
        paramNames,
        specificity: operation.path.replace(/\{[^}]+\}/g, '').length,
      });
    }
    this.templated.sort((a, b) => b.specificity - a.specificity);
  }

  /** The operation for this request, or a 404 / 405 ApiError. */
  match(method: string, rawPath: string): RouteMatch {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const literal = this.literal.get(path);
    const exact = literal?.get(method);
    if (exact) return { operation: exact, params: {} };

    // A literal path owns its URL and its methods: /v1/orders/count is never getOrder, and its Allow
    // lists only what /v1/orders/count itself answers.
    const allowed = new Set(literal?.keys() ?? []);
    for (const route of literal ? [] : this.templated) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      if (route.method !== method) {
        allowed.add(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      // Every group of the pattern takes part in a match: one per parameter, in order.
      route.paramNames.forEach((name, i) => {
        params[name] = decodePathParameter(name, found[i + 1] ?? '');
      });
      return { operation: route.operation, params };
    }
    if (allowed.size > 0) {
      const allow = [...allowed].sort().join(', ');
      throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${allow}.`, {
        headers: { Allow: allow },
      });
    }
    throw new ApiError(
      404,
      'not_found',
      `No route ${method} ${path}. See the API reference for the paths this host serves.`,
    );
  }
}
