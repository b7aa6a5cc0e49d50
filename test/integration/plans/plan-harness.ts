/**
 * A sandbox bank on loopback playing a TPP test plan, with its admin API, and the calls a TPP's
 * CI job makes around its app: start a module, let the app run, finish the module.
 */
import { request } from 'undici';
import {
  PlanRun,
  createAdminApi,
  createBank,
  type Bank,
  type Plan,
  type PlanModuleView,
  type PlanReport,
  type ResponseSigner,
} from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { MAX_REQUEST_BODY_BYTES } from '../../../main/core/spec/limits.js';
import { OLA } from '../sca/harness.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  ReferenceTppError,
  runReferenceTpp,
  type ReferenceFaults,
  type ReferenceTppOptions,
} from '../../support/reference-tpp.js';

export const PLAN_TOKEN = 'plan-test-token-0123456789';

export interface PlanBank {
  bank: Bank;
  baseUrl: string;
  pki: Pki;
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
  /** The app's wait for a Retry-After: the bank clock moves on by `seconds`, no real time. */
  wait(seconds: number): Promise<void>;
  /** Starts `module`, runs `app` while it is open, finishes it; the finished module's view. */
  play(module: string, app: () => Promise<unknown>): Promise<PlanModuleView>;
  report(): Promise<PlanReport>;
  close(): Promise<void>;
}

export async function startPlanBank(
  plan: Plan,
  pki?: Pki,
  options: { signResponse?: ResponseSigner } = {},
): Promise<PlanBank> {
  const clock = new VirtualClock();
  const run = new PlanRun(plan, { mode: 'sandbox', url: () => bank.url });
  const bank = createBank({
    mode: 'sandbox',
    clock,
    observe: (o) => run.observe(o),
    script: (request) => run.answer(request),
    ...(options.signResponse ? { signResponse: options.signResponse } : {}),
  });
  const intercept = createAdminApi({
    bank,
    clock,
    token: PLAN_TOKEN,
    maxBodyBytes: MAX_REQUEST_BODY_BYTES,
    plan: run,
  });
  const listener = await bank.listen({ intercept, bodySink: intercept.bodySink });
  const admin: PlanBank['admin'] = async (method, path, body) => {
    const answer = await request(`${listener.url}${path}`, {
      method: method as 'GET',
      headers: {
        authorization: `Bearer ${PLAN_TOKEN}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined
        ? { body: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
    const text = await answer.body.text();
    return { status: answer.statusCode, body: text ? JSON.parse(text) : undefined };
  };
  return {
    bank,
    baseUrl: listener.url,
    pki: pki ?? (await createPki()),
    admin,
    wait(seconds) {
      clock.set(new Date(clock.now().getTime() + seconds * 1000));
      return Promise.resolve();
    },
    async play(module, app) {
      const started = await admin('POST', '/admin/plan/start', { module });
      if (started.status !== 200) throw new Error(JSON.stringify(started.body));
      await app();
      const finished = await admin('POST', '/admin/plan/finish', { module });
      if (finished.status !== 200) throw new Error(JSON.stringify(finished.body));
      return finished.body as PlanModuleView;
    },
    async report() {
      return (await admin('GET', '/admin/plan/report')).body as PlanReport;
    },
    close: () => bank.close(),
  };
}

/**
 * The reference app against `baseUrl`, with `faults`, as Ola Nordmann. A broken app whose flow the
 * bank refused stops there, as a real one would: its error is the result, not a test failure.
 */
export function referenceApp(
  baseUrl: string,
  pki: Pki,
  faults: ReferenceFaults = {},
  options: Pick<ReferenceTppOptions, 'bankCertificate' | 'wait'> = {},
) {
  return () =>
    runReferenceTpp({
      baseUrl,
      signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      faults,
      ...options,
    }).catch((error: unknown) => {
      if (error instanceof ReferenceTppError) return error;
      throw error;
    });
}
