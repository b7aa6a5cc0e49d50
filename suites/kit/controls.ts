/**
 * Positive controls (docs/writing-checks.md "Positive controls"). A check that expects
 * a refusal proves nothing against a bank that refuses everything: before the defect it sends the
 * same request without it (same bank, same data, same moment) and needs that accepted — a 2xx, and
 * a body valid against the spec's schema where one exists. When the bank refuses the control the
 * check cannot judge its rule: it ends INCONCLUSIVE with the refused answer, never PASS or FAIL.
 * The refusal itself is then matched on its `tppMessages` entries (code, path, a word of the
 * text), never on a substring of the raw body.
 */
import type {
  CheckContext,
  EvidenceExchange,
  ExpectedTppMessage,
  JsonSchema,
  TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import type { TSchema } from '@sinclair/typebox';
import { problemText, SpecValidator } from '../../main/core/spec/validation.js';

const validator = new SpecValidator();

/** What an accepted answer looks like. */
export interface Acceptance {
  /** What the control shows, e.g. `the same request with a UUID X-Request-ID`. */
  what: string;
  /** The accepted status(es); default any 2xx. */
  status?: number | readonly number[];
  /** The spec's schema of the accepted answer's body, where the operation has one. */
  schema?: JsonSchema;
}

/** The bank refused `exchange` (4xx, 5xx) or did not answer it. */
export const isRefusal = (exchange: EvidenceExchange): boolean =>
  exchange.response === undefined || exchange.response.status >= 400;

/** What the bank answered, in a few words: `was answered 400 FORMAT_ERROR (refused)`. */
export function howAnswered(exchange: EvidenceExchange): string {
  const response = exchange.response;
  if (!response) return `got no answer (${exchange.transportError ?? 'transport error'})`;
  const messages = (response.json as { tppMessages?: { code?: unknown; text?: unknown }[] })
    ?.tppMessages;
  const first = Array.isArray(messages) ? messages[0] : undefined;
  const said =
    typeof first?.code === 'string'
      ? ` ${first.code}${typeof first.text === 'string' ? ` (${first.text})` : ''}`
      : '';
  return `was answered ${response.status}${said}`;
}

/** Why `exchange` is not an accepted answer, in one line; undefined when it is. */
export function notAccepted(
  exchange: EvidenceExchange,
  acceptance: Acceptance,
): string | undefined {
  const response = exchange.response;
  if (!response) return `got no answer (${exchange.transportError ?? 'transport error'})`;
  const statuses =
    acceptance.status === undefined
      ? undefined
      : typeof acceptance.status === 'number'
        ? [acceptance.status]
        : acceptance.status;
  const accepted = statuses
    ? statuses.includes(response.status)
    : response.status >= 200 && response.status < 300;
  if (!accepted)
    return `${howAnswered(exchange)}${statuses ? `, not ${statuses.join(' or ')}` : ''}`;
  if (acceptance.schema) {
    const checked = validator.check(acceptance.schema as TSchema, response.json);
    if (!checked.ok)
      return `was answered ${response.status} with a body that is not the operation's answer: ${checked.problems.map(problemText).slice(0, 3).join('; ')}`;
  }
  return undefined;
}

/**
 * The control was accepted (recorded as evidence), or the check ends INCONCLUSIVE: the bank
 * refused what the rule says it must accept, so a refusal of the defect would prove nothing.
 */
export function requireAccepted(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  acceptance: Acceptance,
): EvidenceExchange {
  const problem = notAccepted(exchange, acceptance);
  if (problem !== undefined)
    ctx.inconclusive(`control refused: ${acceptance.what} ${problem}`, exchange);
  ctx.expect.true(true, `control: ${acceptance.what} is accepted`);
  return exchange;
}

/**
 * A setup step of the check (the consent it reads through, sandbox data it needs) was accepted, or
 * the check ends INCONCLUSIVE naming the step: a bank that refuses the setup has not been tested
 * on the check's rules (docs/writing-checks.md, "could not test").
 */
export function requireSetup(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  acceptance: Acceptance,
): EvidenceExchange {
  const problem = notAccepted(exchange, acceptance);
  if (problem !== undefined)
    ctx.inconclusive(`could not set up: ${acceptance.what} ${problem}`, exchange);
  ctx.expect.true(true, `setup: ${acceptance.what} is accepted`);
  return exchange;
}

/** Sends the control request and requires it accepted (see requireAccepted). */
export async function sendControl(
  ctx: CheckContext,
  request: TargetRequest,
  acceptance: Acceptance,
): Promise<EvidenceExchange> {
  const exchange = await ctx.client.send({
    ...request,
    label: request.label ?? `control: ${acceptance.what}`,
  });
  return requireAccepted(ctx, exchange, acceptance);
}

/**
 * The defect was refused for the rule's reason: `status`, and a tppMessages entry with the code
 * (or one of the codes), the path and a word of the text the rule names.
 */
export function expectRefusal(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  reason: ExpectedTppMessage & { status?: number | readonly number[] },
  what: string,
): void {
  const { status = 400, ...message } = reason;
  ctx.expect.status(exchange, status, what);
  ctx.expect.tppMessage(exchange, message);
}

/** The accepted answer of a positive check: its status, and its body valid against `schema`. */
export function expectAnswer(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  status: number | readonly number[],
  schema: JsonSchema,
  what: string,
): void {
  ctx.expect.status(exchange, status, what);
  ctx.expect.schema(exchange.response?.json, schema, `${what}: the answer's body`);
}

/** A request the bank must refuse, and what it shows (`the probe without X-Request-ID`). */
export interface RefusedControl {
  request: TargetRequest;
  what: string;
}

/**
 * The negative control of a check that expects acceptance: requests the bank must refuse, tried
 * in order until one is refused — first a defect of the check's own area (a required header of
 * the endpoint left out, a required body field missing), then a signature that does not verify.
 * A bank that refuses one of them judges requests; one that accepts them all accepts anything,
 * so its accepting the check's request shows nothing: the check ends INCONCLUSIVE. Several
 * controls, so that no single rule a bank breaks holds up every acceptance verdict.
 */
export async function sendRefusedControls(
  ctx: CheckContext,
  controls: readonly RefusedControl[],
): Promise<EvidenceExchange> {
  let last: EvidenceExchange | undefined;
  for (const { request, what } of controls) {
    last = await ctx.client.send({ ...request, label: request.label ?? `control: ${what}` });
    const status = last.response?.status;
    if (status === undefined || status < 200 || status >= 300) {
      ctx.expect.true(true, `control: ${what} is refused`);
      return last;
    }
  }
  ctx.inconclusive(
    `control accepted: the bank answered 2xx to ${controls.map((c) => c.what).join(', and to ')} as well, so its accepting the check's request shows nothing`,
    last,
  );
}

/** sendRefusedControls with one control. */
export function sendRefusedControl(
  ctx: CheckContext,
  request: TargetRequest,
  what: string,
): Promise<EvidenceExchange> {
  return sendRefusedControls(ctx, [{ request, what }]);
}
