/**
 * What a case can do to a well-formed request: the lists of tricky values (invalid UTF-8, path
 * values, numbers, amounts, signature variants, header injections, optional-header values, body
 * sizes and depths), the fast-check arbitrary that draws one mutation, and the examples every
 * route gets before the random draws.
 */
import fc from 'fast-check';
import type { BankMode, RouteDefinition } from '../../../../main/core/bank/index.js';
import { MAX_REQUEST_BODY_BYTES } from '../../../../main/core/spec/limits.js';

/** The values of `list` but `except` (each of which must be in `list`). */
function allBut<T>(list: readonly T[], except: readonly T[]): Set<T> {
  for (const value of except)
    if (!list.includes(value))
      throw new Error(`allBut: ${JSON.stringify(value)} is not in the list`);
  return new Set(list.filter((value) => !except.includes(value)));
}

const INVALID_UTF8 = [
  [0xc3, 0x28], // broken two-byte sequence
  [0xff, 0xfe],
  [0xed, 0xa0, 0x80], // UTF-16 surrogate
  [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
  [0xc0, 0xaf], // overlong '/'
  [0x80],
  [0xe9], // Latin-1 é
] as const;

const PATH_VALUES = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2F..%2F..%2Fopenapi.json',
  '%2e%2e%2f%2e%2e%2fv1%2fsandbox%2finitialize',
  '%2F',
  'a%2Fb',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%C0%AE%C0%AE%2F',
  '%E2%80%AE',
  '%FF',
  '%EF%BF%BF',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  ';',
  '%20',
  '%0D%0A',
  'sandbox',
  'x'.repeat(300),
  'x'.repeat(5_000),
  'x'.repeat(20_000), // beyond Node's 16 KiB header limit: 431 from the adapter
] as const;

const NUMBER_TEXT = [
  '2147483648',
  '2147483647',
  '-2147483648',
  '-2147483649',
  '1e308',
  '1e3',
  '-0',
  '0',
  'NaN',
  'Infinity',
  '-1',
  '1.5',
  '0x10',
  '',
  '9'.repeat(40),
  ' 1',
  '+1',
  'true',
  '1,2',
] as const;

/** Raw JSON tokens put where the body has a number (or an amount). */
const NUMBER_TOKENS = [
  '2147483648',
  '-2147483649',
  '2147483647',
  '1e308',
  '1e400',
  '-0',
  '0',
  '1.5',
  '-1',
  '9007199254740993',
  '"NaN"',
  '"Infinity"',
  'NaN',
  '1E3',
  '"2147483648"',
] as const;

/** §2.1 amounts: the fraction digits must match the currency (NOK: 2). */
const AMOUNTS = [
  '100.001',
  '1e3',
  '-1',
  '.5',
  '100.',
  '1.23456',
  '9'.repeat(40),
  '9'.repeat(19) + '.00',
  'NaN',
  '0x10',
  '1,00',
  ' 100.00',
  '+100.00',
  '0.00',
  '-0.00',
  '00100.00',
  '100',
  '100.5',
  '100.00',
] as const;

/** Query values that are no int32 at all: never a 2xx for limit or offset. */
export const NOT_INT32_QUERY = allBut(NUMBER_TEXT, [
  '2147483647',
  '-2147483648',
  '-0',
  '0',
  '',
  ' 1',
  '+1',
]);
/** Tokens that are no int32 (sandbox amounts, limits): never a 2xx. */
export const NOT_INT32_TOKENS = allBut(NUMBER_TOKENS, ['2147483647', '-0', '0', '-1', '1E3']);
/** Never a valid NOK amount (§2.1: decimal, precision 18, two fraction digits for NOK). */
export const INVALID_NOK_AMOUNTS = allBut(AMOUNTS, ['0.00', '00100.00', '100', '100.5', '100.00']);

const SIGNATURE_VARIANTS = [
  'flip-character',
  'digest-of-other-body',
  'signed-header-left-out',
  'header-unlisted-after-signing',
  'keyid-serial',
  'keyid-serial-leading-zero',
  'keyid-issuer',
  'algorithm',
  'date-changed',
  'signature-truncated',
  'signature-missing',
  'certificate-missing',
  'digest-missing',
  'certificate-of-ca',
  'untrusted-certificate',
  'whitespace',
  'parameter-name-case',
] as const;

/** Variants whose outcome the spec does not fix: only the general property applies. */
export const SIGNATURE_VARIANTS_NOT_JUDGED = new Set<string>([
  'keyid-serial-leading-zero',
  'whitespace',
  'parameter-name-case',
]);

const INJECTIONS = [
  '\r\nX-Injected: yes',
  '\r\n\r\nGET /openapi.json HTTP/1.1\r\nHost: x\r\n',
  '\n',
  '\nX-Injected: yes',
  '\r',
  'a\rb',
  '\0',
  'a\0b',
  '\r\n continued', // obs-fold
  '\x7f',
  '\x01',
  '\t',
] as const;

/** Values for the route's optional headers (§4.1 groups): well-formed ones and tricky ones. */
const OPTIONAL_VALUES = [
  '',
  ' ',
  'PRIVATE',
  'CORPORATE',
  '6f1c2a3b-4d5e-4f60-8a7b-000000000001',
  '15038512363', // Ola's birth number (valid)
  '01010000000', // check digits wrong
  '41018512363', // D-number form
  '20000001',
  'GEO:59.9139,10.7522',
  'GEO:91,181',
  '::1',
  '999.1.1.1',
  '65536',
  'false',
  'true',
  'amount-as-string,longer-names,cash-account-type-iso',
  'unknown-fix',
  'DELETE',
  'https://evil.example/cb',
  'javascript:alert(1)',
  '__proto__',
  'x'.repeat(9000),
] as const;

/** Body sizes around the 1 MiB limit: just under, at, one byte over, far over. */
const HUGE_SIZES = [
  MAX_REQUEST_BODY_BYTES - 100,
  MAX_REQUEST_BODY_BYTES,
  MAX_REQUEST_BODY_BYTES + 1,
  MAX_REQUEST_BODY_BYTES + 256 * 1024,
] as const;
/** JSON nesting around the limit of 64 (spec/limits.ts), and far beyond it. */
const DEPTHS = [63, 64, 65, 5000] as const;

/** An index into a list of the case (headers, parameters, …), not biased to small values. */
const INDEX = fc.noBias(fc.nat({ max: 1_000_000 }));

export const mutationArbitrary = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('none' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('body-invalid-utf8' as const),
      bytes: fc.constantFrom(...INVALID_UTF8),
      where: fc.constantFrom('in-string', 'whole-body'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('header-invalid-utf8' as const),
      header: INDEX,
      bytes: fc.constantFrom(...INVALID_UTF8),
      replace: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('huge-json' as const),
      size: fc.constantFrom(...HUGE_SIZES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deep-json' as const),
      depth: fc.constantFrom(...DEPTHS),
      shape: fc.constantFrom('array', 'object'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('duplicate-header' as const),
      header: INDEX,
      same: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('header-injection' as const),
      header: INDEX,
      payload: fc.constantFrom(...INJECTIONS),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('path-parameter' as const),
      parameter: INDEX,
      value: fc.constantFrom(...PATH_VALUES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('query-number' as const),
      name: fc.constantFrom('limit', 'offset', 'route'),
      value: fc.constantFrom(...NUMBER_TEXT),
      append: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('body-number' as const),
      leaf: INDEX,
      token: fc.constantFrom(...NUMBER_TOKENS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('amount' as const),
      amount: fc.oneof(fc.constantFrom(...AMOUNTS), fc.constant(100)),
      currency: fc.constantFrom('NOK', 'NOK', 'JPY', 'KWD', 'XXX', 'nok'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('header-group' as const),
      /** Drop a required header of the route, or add one of its optional ones. */
      missing: fc.boolean(),
      header: INDEX,
      value: fc.constantFrom(...OPTIONAL_VALUES),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('signature' as const),
      variant: fc.constantFrom(...SIGNATURE_VARIANTS),
      at: INDEX,
    }),
  },
);
export type Mutation = typeof mutationArbitrary extends fc.Arbitrary<infer T> ? T : never;

/**
 * Mutations tried on every route before the random draws (fast-check `examples`), so a value of a
 * short list — one path-parameter value, one limit, one body token — never goes untried on a route
 * by chance: every path value on routes with parameters, every number on `limit`/`offset`, and
 * every body mutation on routes with a body. Only where the mode serves the route.
 */
export function examplesFor(route: RouteDefinition, mode: BankMode): Mutation[] {
  if (!route.modes.includes(mode)) return [];
  const examples: Mutation[] = [];
  if (route.path.includes('{'))
    PATH_VALUES.forEach((value, i) =>
      examples.push({ kind: 'path-parameter', parameter: i, value }),
    );
  for (const name of Object.keys(route.query?.properties ?? {}))
    if (name === 'limit' || name === 'offset')
      for (const value of NUMBER_TEXT)
        examples.push({ kind: 'query-number', name, value, append: false });
  if (route.body && route.kind !== 'page') {
    INVALID_UTF8.forEach((bytes, i) =>
      examples.push({
        kind: 'body-invalid-utf8',
        bytes,
        where: i % 2 === 0 ? 'in-string' : 'whole-body',
      }),
    );
    for (const size of HUGE_SIZES) examples.push({ kind: 'huge-json', size });
    for (const depth of DEPTHS)
      for (const shape of ['array', 'object'] as const)
        examples.push({ kind: 'deep-json', depth, shape });
    NUMBER_TOKENS.forEach((token, leaf) => examples.push({ kind: 'body-number', leaf, token }));
    if (route.operationId.startsWith('initiate')) {
      for (const amount of [...AMOUNTS, 100 as const])
        examples.push({ kind: 'amount', amount, currency: 'NOK' });
      for (const currency of ['XXX', 'nok', 'JPY', 'KWD'] as const)
        examples.push({ kind: 'amount', amount: '100.00', currency });
    }
  }
  return examples;
}
