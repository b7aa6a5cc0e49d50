/**
 * The exchanges the user sent, newest kept (at most 1000), each with where it went and where its
 * headers came from, as the views show them; exported as HAR.
 */
import { ExchangeLog } from '../../../core/tpp/exchange-log.js';
import type { Exchange } from '../../../shared/exchange.js';
import { toCurl, toHar } from '../../../core/tpp/export.js';
import { redactedExchange, type SecretValue } from '../../../core/tpp/redact-secrets.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { ExchangeView, HeaderSource } from '../../contract/index.js';

export interface ExchangeOrigin {
  targetId: string;
  headerSources: Record<string, HeaderSource>;
  /** The target's secret variables when it was sent: shown as `{{name}}`, never in clear. */
  secrets?: SecretValue[];
}

/** What the views and exports show of an exchange: its secret values as their `{{name}}`. */
function shown(exchange: Exchange, origin: ExchangeOrigin | undefined): Exchange {
  return redactedExchange(exchange, origin?.secrets ?? []);
}

export function exchangeView(
  exchange: Exchange,
  origin: ExchangeOrigin,
  sent: boolean,
): ExchangeView {
  const copy = structuredClone(shown(exchange, origin));
  return {
    id: copy.id,
    ...(copy.label ? { label: copy.label } : {}),
    targetId: origin.targetId,
    startedAt: copy.startedAt,
    sent,
    request: copy.request,
    headerSources: origin.headerSources,
    ...(copy.signing ? { signing: copy.signing } : {}),
    ...(copy.response ? { response: copy.response } : {}),
    ...(copy.error ? { error: copy.error } : {}),
    timings: copy.timings,
    responseSignature: copy.responseSignature,
    curl: toCurl(copy),
  };
}

export class ExchangeHistory {
  private readonly log = new ExchangeLog(1000);
  private readonly origins = new Map<string, ExchangeOrigin>();

  constructor(private readonly events: EventHub) {}

  /** A sent exchange still in the history, with its origin. */
  get(id: string): { exchange: Exchange; origin: ExchangeOrigin } | undefined {
    const exchange = this.log.get(id);
    const origin = this.origins.get(id);
    return exchange && origin ? { exchange, origin } : undefined;
  }

  record(exchange: Exchange, origin: ExchangeOrigin): ExchangeView {
    this.origins.set(exchange.id, origin);
    this.log.add(exchange);
    // The log keeps at most its capacity; forget origins it dropped.
    if (this.origins.size > this.log.capacity) {
      for (const id of this.origins.keys()) if (!this.log.get(id)) this.origins.delete(id);
    }
    const view = exchangeView(exchange, origin, true);
    this.events.emit('history.added', view);
    return view;
  }

  list(text?: string): ExchangeView[] {
    const all = this.log.list();
    if (!text)
      return all.map((exchange) => exchangeView(exchange, this.origins.get(exchange.id)!, true));
    // The search reads what is shown: a secret's value finds nothing, its `{{name}}` does.
    const shownLog = new ExchangeLog(this.log.capacity);
    for (const exchange of all) shownLog.add(shown(exchange, this.origins.get(exchange.id)));
    return shownLog
      .list({ text })
      .map((exchange) =>
        exchangeView(this.log.get(exchange.id)!, this.origins.get(exchange.id)!, true),
      );
  }

  exportHar(ids?: string[]): { fileName: string; text: string } {
    const wanted = ids ? new Set(ids) : undefined;
    const exchanges = this.log.list().filter((e) => !wanted || wanted.has(e.id));
    if (exchanges.length === 0) throw new CallRefused('There is nothing in the history to export.');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return {
      fileName: `workbench-history-${stamp}.har`,
      text: JSON.stringify(toHar(exchanges.map((e) => shown(e, this.origins.get(e.id)))), null, 2),
    };
  }

  clear(): { cleared: number } {
    const cleared = this.log.list().length;
    this.log.clear();
    this.origins.clear();
    return { cleared };
  }
}
