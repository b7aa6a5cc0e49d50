/**
 * Collects the examples of /openapi.json from a suite run: per operation, the request body and
 * the response body of its first successful exchange per 2xx status. Arrays are cut to their
 * first EXAMPLE_ITEMS items (a transaction page of 200 is no example) and the listener's origin
 * becomes EXAMPLE_ORIGIN (the run's port is a free one). Writes main/core/bank/openapi/examples.ts.
 */
import type { RecordedExchange } from './openapi-match';

const EXAMPLE_ITEMS = 2;
export const EXAMPLE_ORIGIN = 'http://127.0.0.1:8080';

interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
}

function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ITEMS).map(tidy);
  if (typeof value === 'string')
    return value.replace(/^https?:\/\/127\.0\.0\.1:\d+/, EXAMPLE_ORIGIN);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, tidy(item)]));
  return value;
}

export class ExampleCollector {
  private readonly examples = new Map<string, OperationExamples>();

  add(operationId: string, requestBody: string | undefined, exchange: RecordedExchange): void {
    if (exchange.status < 200 || exchange.status > 299 || exchange.json === undefined) return;
    const entry = this.examples.get(operationId) ?? { responses: {} };
    const status = String(exchange.status);
    if (entry.responses[status] !== undefined) return;
    entry.responses[status] = tidy(exchange.json);
    if (entry.request === undefined && requestBody) {
      try {
        entry.request = tidy(JSON.parse(requestBody));
      } catch {
        // a body that is not JSON is no example
      }
    }
    this.examples.set(operationId, entry);
  }

  source(): string {
    const sorted = Object.fromEntries([...this.examples].sort(([a], [b]) => a.localeCompare(b)));
    return `/**
 * The examples of /openapi.json (document.ts), per operationId: a request body and the body of each
 * 2xx answer, as the sandbox and production suites met them on the embedded bank's initial data.
 * @generated, not hand-written (the 450-line limit is for hand-written files): never edit it,
 * regenerate it with \`UPDATE_OPENAPI_EXAMPLES=1 npx vitest run test/integration/suites/openapi-exchanges.test.ts\`
 * (lists cut to ${EXAMPLE_ITEMS} items, the listener's origin written ${EXAMPLE_ORIGIN}).
 * test/unit/bank/openapi/examples.test.ts checks each against its schema in both modes.
 */
export interface OperationExamples {
  request?: unknown;
  responses: Readonly<Record<string, unknown>>;
}

export const OPENAPI_EXAMPLES: Readonly<Record<string, OperationExamples>> = ${JSON.stringify(sorted, null, 2)};
`;
  }
}
