/**
 * Check builders for the §2.2 field rules of payment initiation: a field at its length limit and
 * one past it, a required field left out, amounts accepted and refused. Each refusal must be 400
 * naming the field (decisions.md "Errors").
 */
import {
  defineCheck,
  type Check,
  type CheckContext,
  type JsonValue,
} from '../../main/core/runner/check-api/index.js';
import {
  createPayment,
  expectRefused,
  initiatePayment,
  paymentControl,
  sctBody,
  type Body,
  paymentParty,
  type PaymentParty,
} from '../kit/payments.js';

/** A body with `path` (dotted) set to `value`, or removed when `value` is undefined. */
export function withField(body: Body, path: string, value: JsonValue | undefined): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target: Body = copy;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) target[key] = {};
    target = target[key] as Body;
  }
  const last = keys.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** `field` of length `max` is accepted, `max + 1` refused naming it. */
export function lengthCheck(
  id: string,
  rule: string,
  field: string,
  max: number,
  base: (party: PaymentParty) => Body = sctBody,
): Check {
  return defineCheck({
    id,
    title: `${field}: ${max} characters are accepted, ${max + 1} refused naming the field`,
    area: 'payments',
    rules: [rule],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await createPayment(ctx, withField(base(party), field, 'x'.repeat(max)), {
        label: `${field} of ${max} characters`,
      });
      const over = await initiatePayment(ctx, withField(base(party), field, 'x'.repeat(max + 1)), {
        label: `${field} of ${max + 1} characters`,
      });
      expectRefused(ctx, over, field);
    },
  });
}

/** A body without `field` is refused naming it. */
export function requiredCheck(id: string, rule: string, fields: readonly string[]): Check {
  return defineCheck({
    id,
    title: `A payment without ${fields.join(' or ')} is refused naming it`,
    area: 'payments',
    rules: [rule],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await paymentControl(ctx, sctBody(party), 'the same payment with every field');
      for (const field of fields) {
        const exchange = await initiatePayment(ctx, withField(sctBody(party), field, undefined), {
          label: `without ${field}`,
        });
        expectRefused(ctx, exchange, field);
      }
    },
  });
}

/** A credit transfer body with `instructedAmount` set to `value` in `currency`. */
export function amountBody(party: PaymentParty, value: JsonValue, currency: string): Body {
  return sctBody(party, { instructedAmount: { amount: value, currency } });
}

export async function expectAmounts(
  ctx: CheckContext,
  accepted: readonly [JsonValue, string][],
  refused: readonly [JsonValue, string, string][],
): Promise<void> {
  const party = await paymentParty(ctx);
  for (const [value, currency] of accepted)
    await createPayment(ctx, amountBody(party, value, currency), {
      label: `amount ${String(value)} ${currency}`,
    });
  for (const [value, currency, field] of refused)
    expectRefused(
      ctx,
      await initiatePayment(ctx, amountBody(party, value, currency), {
        label: `amount ${String(value)} ${currency}`,
      }),
      field,
    );
}
