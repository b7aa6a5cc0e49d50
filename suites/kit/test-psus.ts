/**
 * The test PSUs the checks act as, in either mode: in sandbox mode the ones GET
 * /v1/sandbox/customers lists (§1: the sandbox's initial customers "can be listed"), otherwise
 * the embedded bank's documented ones (docs/sandbox-data.md), which a production-mode run of the
 * embedded bank logs in with. The SCA login is the mocked national identity number (§1).
 */
import type { CheckContext, PsuIntent } from '../../main/core/runner/check-api/index.js';
import { json } from './answers.js';
import { requireSetup } from './controls.js';

export interface TestPsu {
  /** What the SCA login asks for (§1: the mocked national identity number). */
  login: string;
  name: string;
  customerNumber?: string;
}

export interface Representative extends TestPsu {
  /** A corporate agreement the PSU represents with accounts to consent to (REGISTER and VIEW). */
  agreement: { id: string; name: string };
}

/**
 * The documented test PSUs (docs/sandbox-data.md), in the initial data of both modes: Ola and
 * Kari Nordmann, private, with two accounts and a card account each (Ola also represents Nordlys
 * Rørlegger AS); Per Testesen comes with the fixed test-data fill (POST
 * /v1/sandbox/fixed-test-data): hundreds of transactions over a year, pending ones too.
 */
const DOCUMENTED_PSUS = {
  ola: { login: '15038512363', name: 'Ola Nordmann', customerNumber: '10000001' },
  kari: { login: '62079045611', name: 'Kari Nordmann', customerNumber: '10000002' },
  per: { login: '24059222232', name: 'Per Testesen' },
  representative: {
    login: '15038512363',
    name: 'Ola Nordmann',
    customerNumber: '10000001',
    agreement: { id: 'agr-20000001', name: 'Nordlys Rørlegger AS' },
  },
} as const;

// ---- the sandbox's customers (sandbox mode) --------------------------------------------------

export interface SandboxCustomer {
  customerNumber: string;
  type: 'PRIVATE' | 'CORPORATE';
  name: string;
  nationalIdentityNumber: string;
  agreements: { id: string; name: string; type: 'PRIVATE' | 'CORPORATE'; relation: string }[];
}

/**
 * GET /v1/sandbox/customers (the sandbox's test PSUs, §1). Every check that picks a PSU here needs
 * the list as its setup: a bank that refuses it, or answers something that is not a list, was not
 * tested on the check's rules (docs/writing-checks.md, "could not set up"). What the list must
 * hold is judged by the checks of SANDBOX-CUSTOMERS-LIST on the customers this answers.
 */
export async function sandboxCustomers(ctx: CheckContext): Promise<SandboxCustomer[]> {
  const exchange = await ctx.client.send({
    method: 'GET',
    path: '/v1/sandbox/customers',
    label: 'the sandbox customers (test PSUs)',
  });
  requireSetup(ctx, exchange, {
    what: 'the sandbox customers (GET /v1/sandbox/customers)',
    status: 200,
  });
  const customers = json<SandboxCustomer[]>(exchange);
  if (!Array.isArray(customers))
    ctx.inconclusive(
      'could not set up: GET /v1/sandbox/customers answered 200 with a body that is not a list of customers',
      exchange,
    );
  return customers;
}

/** The `index`th private customer of the sandbox; skips when there are fewer. */
export async function privatePsu(ctx: CheckContext, index = 0): Promise<SandboxCustomer> {
  const people = (await sandboxCustomers(ctx)).filter((c) => c.type === 'PRIVATE');
  return people[index] ?? ctx.skip(`the sandbox has fewer than ${index + 1} private customers`);
}

/**
 * A person who represents a corporation (corporate context has something to show), and that
 * corporate agreement: the first private customer engaged in a corporate agreement it does not
 * own. Skips when the sandbox has none.
 */
export async function corporateRepresentative(
  ctx: CheckContext,
): Promise<{ psu: SandboxCustomer; agreement: SandboxCustomer['agreements'][number] }> {
  const customers = await sandboxCustomers(ctx);
  for (const psu of customers.filter((c) => c.type === 'PRIVATE'))
    for (const agreement of psu.agreements)
      if (agreement.type === 'CORPORATE' && agreement.relation !== 'owner')
        return { psu, agreement };
  return ctx.skip('the sandbox has no private customer who represents a corporation');
}

// ---- either mode -----------------------------------------------------------------------------

/**
 * A test PSU a check acts as when it needs no particular one: the ones the target profile names
 * (TargetInfo.psus, for a bank without GET /v1/sandbox/customers) or else the documented ones.
 * `private` and `other-private` are two private PSUs, `representative` one who represents a
 * corporation; `fill` is the customer the fixed test-data fill brings (sandbox only, the
 * workbench's own data set, so always the documented one). Skips when the profile names too few.
 */
export function knownPsu(ctx: CheckContext, which: 'private' | 'other-private' | 'fill'): TestPsu;
export function knownPsu(ctx: CheckContext, which: 'representative'): Representative;
export function knownPsu(
  ctx: CheckContext,
  which: 'private' | 'other-private' | 'representative' | 'fill',
): TestPsu | Representative {
  const named = ctx.target.psus;
  if (which === 'fill') return DOCUMENTED_PSUS.per;
  if (!named)
    return {
      private: DOCUMENTED_PSUS.ola,
      'other-private': DOCUMENTED_PSUS.kari,
      representative: DOCUMENTED_PSUS.representative,
    }[which];
  const psu =
    which === 'representative' ? named.corporate[0] : named.private[which === 'private' ? 0 : 1];
  return (
    psu ??
    ctx.skip(
      which === 'representative'
        ? 'the target profile names no PSU who represents a corporation (psus.corporate)'
        : `the target profile names fewer than ${which === 'private' ? 1 : 2} private PSUs (psus.private)`,
    )
  );
}

/** Two private test PSUs: from GET /v1/sandbox/customers, or the documented ones. */
export async function testPeople(ctx: CheckContext): Promise<[TestPsu, TestPsu]> {
  if (!ctx.target.hasSandboxApi || ctx.target.psus)
    return [knownPsu(ctx, 'private'), knownPsu(ctx, 'other-private')];
  const people = (await sandboxCustomers(ctx)).filter((c) => c.type === 'PRIVATE');
  if (people.length < 2) return ctx.skip('the sandbox has fewer than two private customers');
  const [first, second] = people.map((c) => ({
    login: c.nationalIdentityNumber,
    name: c.name,
    customerNumber: c.customerNumber,
  }));
  return [first!, second!];
}

/**
 * A PSU who represents a corporation with accounts to consent to in that context: from the
 * sandbox (an engagement of the PSU with both REGISTER and VIEW, §4.3 rule 5), or documented.
 */
export async function testRepresentative(ctx: CheckContext): Promise<Representative> {
  if (!ctx.target.hasSandboxApi || ctx.target.psus) return knownPsu(ctx, 'representative');
  for (const psu of (await sandboxCustomers(ctx)).filter((c) => c.type === 'PRIVATE'))
    for (const agreement of psu.agreements.filter(
      (a) => a.type === 'CORPORATE' && a.relation !== 'owner',
    )) {
      const read = await ctx.client.send({
        method: 'GET',
        path: `/v1/sandbox/agreements/${encodeURIComponent(agreement.id)}`,
        label: `agreement ${agreement.id}`,
      });
      const engagements =
        json<{ engagements?: { customer: string; roles: string[] }[] }>(read)?.engagements ?? [];
      if (
        engagements.some(
          (e) =>
            e.customer === psu.customerNumber &&
            e.roles.includes('REGISTER') &&
            e.roles.includes('VIEW'),
        )
      )
        return {
          login: psu.nationalIdentityNumber,
          name: psu.name,
          customerNumber: psu.customerNumber,
          agreement: { id: agreement.id, name: agreement.name },
        };
    }
  return ctx.skip('the sandbox has no PSU with consentable accounts in a corporate agreement');
}

/** The PSU agent's script to act for `representative`'s corporation (§1). */
export function corporateScript(representative: Representative): PsuIntent {
  return {
    login: representative.login,
    context: 'CORPORATE',
    corporateAgreement: representative.agreement.name,
  };
}
