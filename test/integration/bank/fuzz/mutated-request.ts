/**
 * One case as it goes on the wire: the well-formed request of a route with one mutation applied,
 * signed by the real signer where the route is signed, with what the spec fixes for the case
 * (Built.expect) and the label it is counted under.
 */
import type { RouteDefinition } from '../../../../main/core/bank/index.js';
import { MAX_JSON_NESTING, MAX_REQUEST_BODY_BYTES } from '../../../../main/core/spec/limits.js';
import type { IssuedCertificate } from '../../../../main/core/certs/issue.js';
import { signRequest } from '../../../../main/core/tpp/signer.js';
import type { Pki } from '../../../unit/bank/fixtures.js';
import type { BankUnderTest } from './bank-setup.js';
import { grown, nested, padTo, setAmount, withRawToken } from './json-edits.js';
import {
  INVALID_NOK_AMOUNTS,
  NOT_INT32_QUERY,
  NOT_INT32_TOKENS,
  SIGNATURE_VARIANTS_NOT_JUDGED,
  type Mutation,
} from './mutations.js';
import type { Wire } from './send.js';
import { tamperSignature } from './signature-tampering.js';
import { templateOf, uuidOf, type Template } from './well-formed.js';

/** What a case is signed with: the TPP's seal (pki.seal), and a seal of a CA the bank does not trust. */
export interface SigningKeys {
  pki: Pki;
  untrustedSeal: IssuedCertificate;
}

const latin1 = (bytes: readonly number[]) => String.fromCharCode(...bytes);

function targetOf(segments: Template['segments'], query: [string, string][]): string {
  const path = `/${segments.map((segment) => segment.text).join('/')}`;
  const search = query
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

export interface Built {
  wire: Wire;
  /** What the spec fixes for this case, beyond the general property. */
  expect?: 'status-413' | 'not-413' | 'refused';
  /** Label of the mutation for the counts. */
  label: string;
}

function signWire(
  t: { method: string; target: string; headers: [string, string][] },
  body: Buffer | undefined,
  seal: IssuedCertificate,
  options: { signedHeaderNames?: string[]; signBody?: Buffer } = {},
) {
  const signed = signRequest({
    method: t.method,
    path: t.target,
    headers: Object.fromEntries(t.headers),
    ...((options.signBody ?? body) ? { body: options.signBody ?? body! } : {}),
    certificate: seal.certificateDer,
    signingKey: seal.privateKey,
    ...(options.signedHeaderNames ? { signedHeaderNames: options.signedHeaderNames } : {}),
  });
  return signed;
}

/**
 * Case `n` on the wire: the well-formed request of `route` with mutation `m` applied — to what gets
 * signed, then signed (where the route is signed), then to the signed request — with what the spec
 * fixes for it and its label for the counts.
 */
export function buildMutatedRequest(
  route: RouteDefinition,
  target: BankUnderTest,
  m: Mutation,
  n: number,
  keys: SigningKeys,
): Built {
  const t = templateOf(route, target, n);
  const available = route.modes.includes(target.mode);
  const checked = available && route.kind !== 'page';
  const checkedSigned = checked && route.signed;
  const segments = t.segments.map((segment) => ({ ...segment }));
  let query = t.query.map(([name, value]): [string, string] => [name, value]);
  let headers = t.headers.map(([name, value]): [string, string] => [name, value]);
  let body: Buffer | undefined =
    t.body === undefined
      ? undefined
      : 'json' in t.body
        ? Buffer.from(JSON.stringify(t.body.json))
        : t.body.bytes;
  const json = t.body && 'json' in t.body ? t.body.json : undefined;
  let raw = false;
  let expected: Built['expect'];
  let label: string = m.kind;

  // Mutations of what gets signed.
  switch (m.kind) {
    case 'body-invalid-utf8': {
      label = `${m.kind}:${m.where}`;
      const bad = Buffer.from(m.bytes);
      if (m.where === 'whole-body' || body === undefined)
        body = Buffer.concat([bad, body ?? Buffer.alloc(0)]);
      else {
        const text = body.toString('latin1');
        const at = text.indexOf('"', text.indexOf(':') + 1);
        body =
          at < 0
            ? Buffer.concat([body, bad])
            : Buffer.concat([body.subarray(0, at + 1), bad, body.subarray(at + 1)]);
      }
      if (checked && route.body !== undefined) expected = 'refused';
      break;
    }
    case 'header-invalid-utf8': {
      const index = m.header % Math.max(1, headers.length);
      if (headers.length === 0) headers.push(['X-Request-ID', uuidOf(n)]);
      const [name, value] = headers[index]!;
      headers[index] = [name, m.replace ? latin1(m.bytes) : value + latin1(m.bytes)];
      label = `${m.kind}:${name.toLowerCase()}`;
      raw = true;
      break;
    }
    case 'huge-json': {
      body = padTo(json, m.size);
      if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', 'application/json']);
      const over = body.length > MAX_REQUEST_BODY_BYTES;
      label = `${m.kind}:${over ? 'over' : 'under'}`;
      expected = over ? 'status-413' : 'not-413';
      break;
    }
    case 'deep-json': {
      const base = json === undefined || typeof json !== 'object' ? undefined : json;
      const extra = base === undefined ? m.depth : m.depth - 1;
      body = Buffer.from(grown(base, nested(Math.max(1, extra), m.shape), 'deep'));
      if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', 'application/json']);
      label = `${m.kind}:${m.depth}`;
      if (m.depth > MAX_JSON_NESTING && available && route.kind !== 'page') expected = 'refused';
      break;
    }
    case 'path-parameter': {
      const parameters = segments.filter((segment) => segment.parameter !== undefined);
      if (parameters.length > 0) parameters[m.parameter % parameters.length]!.text = m.value;
      else segments.splice(1 + (m.parameter % segments.length), 0, { text: m.value });
      label = `${m.kind}:${m.value.length > 20 ? `long-${m.value.length}` : m.value || 'empty'}`;
      break;
    }
    case 'query-number': {
      const names = Object.keys(route.query?.properties ?? {});
      const name =
        m.name === 'route' && names.length > 0 ? names[m.value.length % names.length]! : m.name;
      // append: the parameter twice (the first value kept or a plain '1'), else replaced.
      const had = query.some(([existing]) => existing === name);
      if (!m.append) query = query.filter(([existing]) => existing !== name);
      else if (!had) query.push([name, '1']);
      query.push([name, m.value]);
      label = `${m.kind}:${name}${m.append ? ' twice' : ''}`;
      if (
        checked &&
        (name === 'limit' || name === 'offset') &&
        names.includes(name) &&
        (NOT_INT32_QUERY.has(m.value) || m.append)
      )
        expected = 'refused';
      break;
    }
    case 'body-number': {
      body = Buffer.from(withRawToken(json ?? {}, m.token, m.leaf));
      if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', 'application/json']);
      label = m.kind;
      if (
        checked &&
        route.body !== undefined &&
        'schema' in route.body &&
        route.path.startsWith('/v1/sandbox/') &&
        NOT_INT32_TOKENS.has(m.token)
      )
        expected = 'refused';
      // §2.1: an amount is a decimal string.
      if (checked && route.operationId.startsWith('initiate') && !m.token.startsWith('"'))
        expected = 'refused';
      break;
    }
    case 'amount': {
      body = Buffer.from(JSON.stringify(setAmount(json ?? {}, m.amount, m.currency)));
      if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', 'application/json']);
      label = `${m.kind}:${JSON.stringify(m.amount).slice(0, 24)} ${m.currency}`;
      if (
        checked &&
        route.operationId.startsWith('initiate') &&
        (typeof m.amount === 'number' ||
          m.currency === 'XXX' ||
          m.currency === 'nok' ||
          (m.currency === 'NOK' && INVALID_NOK_AMOUNTS.has(m.amount)))
      )
        expected = 'refused';
      break;
    }
    case 'header-group': {
      const present = new Set(headers.map(([name]) => name.toLowerCase()));
      if (m.missing) {
        const required = route.headers.required.filter(
          (key) => present.has(key) && !['signature', 'tpp-signature-certificate'].includes(key),
        );
        if (required.length > 0) {
          const key = required[m.header % required.length]!;
          headers = headers.filter(([name]) => name.toLowerCase() !== key);
          label = `${m.kind}:missing ${key}`;
          if (checkedSigned) expected = 'refused';
        } else label = `${m.kind}:nothing to drop`;
      } else {
        const optional = route.headers.optional.filter(
          (key) =>
            !present.has(key) &&
            !['digest', 'signature', 'tpp-signature-certificate'].includes(key),
        );
        const key = optional.length > 0 ? optional[m.header % optional.length]! : 'x-extra';
        headers.push([key, m.value]);
        label = `${m.kind}:add ${key}`;
      }
      break;
    }
    default:
      break;
  }

  const path = targetOf(segments, query);
  let finalHeaders: [string, string][] = headers;
  if (route.signed) {
    let signedNames: string[] | undefined;
    let signBody: Buffer | undefined;
    if (m.kind === 'signature' && m.variant === 'signed-header-left-out') {
      const all = signWire(
        { method: t.method, target: path, headers },
        body,
        keys.pki.seal,
      ).signedHeaderNames;
      signedNames = all.filter((_, i) => i !== m.at % all.length);
      label = `signature:signed-header-left-out:${all[m.at % all.length]}`;
    }
    if (m.kind === 'signature' && m.variant === 'digest-of-other-body')
      signBody = Buffer.concat([body ?? Buffer.from('{}'), Buffer.from(' ')]);
    try {
      const seal =
        m.kind === 'signature' && m.variant === 'untrusted-certificate'
          ? keys.untrustedSeal
          : keys.pki.seal;
      const signed = signWire({ method: t.method, target: path, headers }, body, seal, {
        ...(signedNames ? { signedHeaderNames: signedNames } : {}),
        ...(signBody ? { signBody } : {}),
      });
      finalHeaders = Object.entries(signed.headers);
    } catch {
      // The signer refuses what no TPP could send (e.g. no X-Request-ID); send it unsigned.
      label = `${label}:unsigned`;
    }
  }

  // Mutations of the signed request.
  const find = (name: string) => finalHeaders.findIndex(([n]) => n.toLowerCase() === name);
  const change = (name: string, f: (value: string) => string) => {
    const index = find(name);
    if (index >= 0) finalHeaders[index] = [finalHeaders[index]![0], f(finalHeaders[index]![1])];
  };
  const drop = (name: string) => {
    finalHeaders = finalHeaders.filter(([n]) => n.toLowerCase() !== name);
  };
  if (finalHeaders.length === 0) finalHeaders.push(['X-Request-ID', uuidOf(n)]);
  switch (m.kind) {
    case 'signature': {
      if (!label.startsWith('signature:'))
        label = `signature:${m.variant}${
          m.variant === 'whitespace'
            ? `:${m.at % 4}`
            : m.variant === 'algorithm'
              ? `:${m.at % 6}`
              : ''
        }`;
      if (checkedSigned && !SIGNATURE_VARIANTS_NOT_JUDGED.has(m.variant)) expected = 'refused';
      // The sandbox accepts any well-formed certificate whose signature verifies (stages/signature.ts).
      if (m.variant === 'untrusted-certificate' && target.mode === 'sandbox') expected = undefined;
      if (m.variant === 'digest-missing' && body === undefined) expected = undefined;
      tamperSignature(m, { change, drop }, keys.pki.ca.chainPem);
      break;
    }
    case 'duplicate-header': {
      const index = m.header % finalHeaders.length;
      const [name, value] = finalHeaders[index]!;
      const second = m.same ? value : `${value.slice(0, -1)}${value.at(-1) === '0' ? '1' : '0'}`;
      finalHeaders.splice(index + 1, 0, [name, second]);
      label = `${m.kind}:${name.toLowerCase()}`;
      const declared = new Set([...route.headers.required, ...route.headers.optional]);
      if (checkedSigned && declared.has(name.toLowerCase())) expected = 'refused';
      break;
    }
    case 'header-injection': {
      const index = m.header % finalHeaders.length;
      const [name, value] = finalHeaders[index]!;
      const at = (m.header >> 3) % 3;
      const injected =
        at === 0
          ? m.payload + value
          : at === 1
            ? value + m.payload
            : value.slice(0, 4) + m.payload + value.slice(4);
      finalHeaders[index] = [name, injected];
      label = `${m.kind}:${JSON.stringify(m.payload).slice(1, 12)}`;
      raw = true;
      break;
    }
    default:
      break;
  }
  return {
    wire: {
      method: t.method,
      target: path,
      headers: finalHeaders,
      ...(body !== undefined ? { body } : {}),
      raw,
    },
    ...(expected ? { expect: expected } : {}),
    label,
  };
}
