/**
 * §5.2 request signing, seen from outside: what the bank accepts and what it refuses, and that a
 * refusal is 400 with a text naming the failed part (decisions.md: the spec's statuses win over
 * Berlin Group's 401).
 */
import {
  defineCheck,
  type Check,
  type CheckContext,
  type EvidenceExchange,
} from '../../main/core/runner/check-api/index.js';
import { expectRefusal } from '../kit/controls.js';
import { signedInPsuHeaders } from '../kit/sca.js';
import {
  expectAccepted,
  expectHeaderRequired,
  probe,
  probeControl,
  probeRefusedControl,
} from '../kit/probe.js';

const noHeaders = async (): Promise<Record<string, string>> => ({});

/**
 * A signature the bank does not verify: 400 (decisions.md: the spec's status wins over Berlin
 * Group's 401) with a BAD_REQUEST or FORMAT_ERROR entry on the part it refused (`path`) whose text
 * names the failed part.
 */
function expectSignatureRefused(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  word: string,
  what: string,
  path = 'Signature',
): void {
  expectRefusal(
    ctx,
    exchange,
    { code: ['BAD_REQUEST', 'FORMAT_ERROR'], path, textIncludes: word },
    what,
  );
}

export const signingChecks: Check[] = [
  defineCheck({
    id: 'SIGN-ACCEPTS-VALID',
    title: 'A correctly signed request is accepted',
    area: 'signing',
    rules: [
      'SIGN-SIGNING-STRING',
      'SIGN-SIGNATURE-BASE64',
      'SIGN-DIGEST-SHA-256',
      'SIGN-KEYID-FORMAT',
    ],
    async run(ctx) {
      await probeRefusedControl(ctx);
      await expectAccepted(
        ctx,
        await probe(ctx),
        'a request signed per §5.2 with a SHA-256 Digest',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-MISSING-SIGNATURE-400',
    title: 'A request without Signature is refused with 400',
    area: 'signing',
    rules: ['SIGN-MISSING-400'],
    async run(ctx) {
      await probeControl(ctx, 'the same request signed');
      const exchange = await probe(ctx, {
        signing: { dropHeaders: ['Signature'] },
        label: 'no Signature header',
      });
      expectHeaderRequired(ctx, exchange, 'Signature', 'unsigned request');
    },
  }),
  defineCheck({
    id: 'SIGN-INVALID-SIGNATURE-400',
    title: 'A signature that does not verify is refused with 400',
    area: 'signing',
    rules: ['SIGN-INVALID-400', 'SIGN-SIGNATURE-VERIFIED'],
    async run(ctx) {
      await probeControl(ctx, 'the same request with a signature that verifies');
      const exchange = await probe(ctx, {
        signing: { corruptSignature: true },
        label: 'signature bytes altered',
      });
      expectSignatureRefused(
        ctx,
        exchange,
        'signature',
        'request with a signature that does not verify',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-CERTIFICATE-HEADER-REQUIRED',
    title: 'TPP-Signature-Certificate is required on a signed request',
    area: 'signing',
    rules: ['SIGN-CERTIFICATE-HEADER'],
    async run(ctx) {
      await probeControl(ctx, 'the same request with its TPP-Signature-Certificate');
      const exchange = await probe(ctx, {
        signing: { dropHeaders: ['TPP-Signature-Certificate'] },
        label: 'no TPP-Signature-Certificate',
      });
      expectHeaderRequired(
        ctx,
        exchange,
        'TPP-Signature-Certificate',
        'signed request without its certificate',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-DIGEST-REQUIRED-WITH-BODY',
    title: 'A request with a body must carry Digest',
    area: 'signing',
    rules: ['SIGN-DIGEST-WITH-BODY'],
    async run(ctx) {
      await probeControl(ctx, 'the same body with its Digest');
      const exchange = await probe(ctx, {
        signing: { signedHeaders: ['x-request-id', 'tpp-redirect-uri'], dropHeaders: ['Digest'] },
        label: 'body without Digest',
      });
      expectHeaderRequired(ctx, exchange, 'Digest', 'a body without Digest');
    },
  }),
  defineCheck({
    id: 'SIGN-DIGEST-SHA-512-ACCEPTED',
    title: 'A SHA-512 Digest is accepted',
    area: 'signing',
    rules: ['SIGN-DIGEST-SHA-512'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      await expectAccepted(
        ctx,
        await probe(ctx, { signing: { digestAlgorithm: 'SHA-512' }, label: 'SHA-512 Digest' }),
        'a request with Digest SHA-512=…',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-DIGEST-OVER-OTHER-BYTES',
    title: 'A Digest over other bytes than the body is refused',
    area: 'signing',
    rules: ['SIGN-DIGEST-EXACT-BODY'],
    async run(ctx) {
      await probeControl(ctx, 'the same body with the Digest of its bytes');
      // The SHA-256 of `{ }` (with a space): same JSON meaning, other bytes.
      const exchange = await probe(ctx, {
        signing: { digest: 'SHA-256=pMuQOcsQ7h7xUqNy4Fm5uMWy9VLh/p+/J/SOyPfaowE=' },
        label: 'Digest of `{ }` sent with body `{}`',
      });
      expectSignatureRefused(
        ctx,
        exchange,
        'Digest',
        'a Digest that does not match the body bytes',
        'Digest',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-PARTS-OUT-OF-ORDER',
    title: 'Signature parts in another order than keyId, algorithm, headers, signature are refused',
    area: 'signing',
    rules: ['SIGN-HEADER-FOUR-PARTS'],
    async run(ctx) {
      await probeControl(ctx, 'the same Signature with its parts in order');
      const exchange = await probe(ctx, {
        signing: {
          rewriteSignatureHeader: (value) => {
            const parts = value.split(/,(?=(?:keyId|algorithm|headers|signature)=")/);
            return [parts[1], parts[0], parts[2], parts[3]].join(',');
          },
        },
        label: 'algorithm before keyId',
      });
      expectSignatureRefused(ctx, exchange, 'order', 'Signature with its parts reordered');
    },
  }),
  defineCheck({
    id: 'SIGN-KEYID-SERIAL-MISMATCH',
    title: 'keyId naming another serial than the certificate is refused',
    area: 'signing',
    rules: ['SIGN-KEYID-MATCHES-CERTIFICATE'],
    async run(ctx) {
      const accepted = await probeControl(ctx, 'the same request with its own keyId');
      const keyId = /keyId="SN=([0-9A-F]+),CA=([^"]*)"/.exec(
        accepted.request.headers['Signature'] ?? '',
      );
      ctx.expect.true(keyId !== null, 'the client sent keyId SN=<hex>,CA=<issuer>');
      const otherSerial = keyId![1] === '01' ? '02' : '01';
      const exchange = await probe(ctx, {
        signing: { keyId: `SN=${otherSerial},CA=${keyId![2]}` },
        label: `keyId SN=${otherSerial}`,
      });
      expectSignatureRefused(
        ctx,
        exchange,
        'keyId',
        'keyId with a serial that is not the certificate’s',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-KEYID-ISSUER-MISMATCH',
    title: 'keyId naming another issuer than the certificate’s is refused',
    area: 'signing',
    rules: ['SIGN-KEYID-MATCHES-CERTIFICATE', 'SIGN-KEYID-FORMAT'],
    async run(ctx) {
      const accepted = await probeControl(ctx, 'the same request with its own keyId');
      const serial = /keyId="SN=([0-9A-F]+),/.exec(
        accepted.request.headers['Signature'] ?? '',
      )?.[1];
      const exchange = await probe(ctx, {
        signing: { keyId: `SN=${serial},CA=CN=Some Other CA,O=Elsewhere,C=NO` },
        label: 'keyId with another CA',
      });
      expectSignatureRefused(
        ctx,
        exchange,
        'keyId',
        'keyId with an issuer that is not the certificate’s',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-ALGORITHM-NOT-RSA-SHA256',
    title: 'An algorithm other than rsa-sha256 is refused',
    area: 'signing',
    rules: ['SIGN-ALGORITHM-RSA-SHA256'],
    async run(ctx) {
      await probeControl(ctx, 'the same request signed rsa-sha256');
      const exchange = await probe(ctx, {
        signing: { algorithm: 'hmac-sha256' },
        label: 'algorithm="hmac-sha256"',
      });
      expectSignatureRefused(ctx, exchange, 'algorithm', 'Signature with algorithm hmac-sha256');
    },
  }),
  defineCheck({
    id: 'SIGN-HEADER-NAMES-UPPER-CASE',
    title: 'Upper-case names in the signed header list are refused',
    area: 'signing',
    rules: ['SIGN-HEADERS-LOWER-CASE'],
    async run(ctx) {
      await probeControl(ctx, 'the same signature listing lower-case names');
      const exchange = await probe(ctx, {
        signing: {
          rewriteSignatureHeader: (value) =>
            value.replace(
              /headers="([^"]*)"/,
              (_m, list: string) => `headers="${list.replace('x-request-id', 'X-Request-ID')}"`,
            ),
        },
        label: 'headers="… X-Request-ID …"',
      });
      expectSignatureRefused(ctx, exchange, 'case', 'a signed header list with an upper-case name');
    },
  }),
  defineCheck({
    id: 'SIGN-REQUEST-TARGET-ACCEPTED',
    title: '(request-target) in the signed list is accepted',
    area: 'signing',
    rules: ['SIGN-REQUEST-TARGET'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      await expectAccepted(
        ctx,
        await probe(ctx, {
          signing: { includeRequestTarget: true },
          label: 'with (request-target)',
        }),
        'a signature covering (request-target)',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-LISTED-ORDER-VERIFIED',
    title: 'The bank verifies in the order the headers part lists',
    area: 'signing',
    rules: ['SIGN-VERIFIED-IN-LISTED-ORDER', 'SIGN-SIGNING-STRING'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const reordered = await probe(ctx, {
        signing: { signedHeaders: ['tpp-redirect-uri', 'x-request-id', 'digest'] },
        label: 'signed in a non-default order',
      });
      await expectAccepted(ctx, reordered, 'a correct signature over a non-default header order');
      const swapped = await probe(ctx, {
        signing: {
          signedHeaders: ['tpp-redirect-uri', 'x-request-id', 'digest'],
          rewriteSignatureHeader: (value) =>
            value.replace(
              'headers="tpp-redirect-uri x-request-id digest"',
              'headers="x-request-id tpp-redirect-uri digest"',
            ),
        },
        label: 'headers part lists another order than was signed',
      });
      expectSignatureRefused(
        ctx,
        swapped,
        'signature',
        'a headers part that does not match the order signed',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-RFC-2047-WRAPPED',
    title: 'An RFC 2047-wrapped Signature value is accepted',
    area: 'signing',
    rules: ['SIGN-RFC-2047'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const exchange = await probe(ctx, {
        signing: {
          rewriteSignatureHeader: (value) =>
            `=?utf-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`,
        },
        label: 'Signature as =?utf-8?B?…?=',
      });
      await expectAccepted(ctx, exchange, 'a Signature header MIME-encoded per RFC 2047');
    },
  }),
  ...(
    [
      ['SIGN-COVERS-X-REQUEST-ID', 'x-request-id', noHeaders],
      ['SIGN-COVERS-DIGEST', 'digest', noHeaders],
      ['SIGN-COVERS-TPP-REDIRECT-URI', 'tpp-redirect-uri', noHeaders],
      ['SIGN-COVERS-PSU-ID', 'psu-id', (ctx: CheckContext) => signedInPsuHeaders(ctx, 'private')],
      [
        'SIGN-COVERS-PSU-CORPORATE-ID',
        'psu-corporate-id',
        (ctx: CheckContext) => signedInPsuHeaders(ctx, 'representative'),
      ],
      ['SIGN-COVERS-DATE', 'date', async () => ({ Date: new Date(0).toUTCString() })],
    ] as const
  ).map(([rule, header, headersFor]) =>
    defineCheck({
      id: `${rule}-REQUIRED`,
      title: `A request carrying ${header} must sign it`,
      area: 'signing',
      rules: [rule],
      ...(header.startsWith('psu-') ? { needs: ['psu-agent'] as const } : {}),
      async run(ctx) {
        const headers = await headersFor(ctx);
        const present = [
          'x-request-id',
          'digest',
          'tpp-redirect-uri',
          ...Object.keys(headers)
            .map((h) => h.toLowerCase())
            .filter((h) => h !== 'tpp-session-id'),
        ];
        await probeControl(ctx, `the same request signing ${header}`, {
          headers,
          signing: { signedHeaders: present },
        });
        const exchange = await probe(ctx, {
          headers,
          signing: { signedHeaders: present.filter((h) => h !== header) },
          label: `${header} sent but not signed`,
        });
        expectSignatureRefused(
          ctx,
          exchange,
          header,
          `a request whose signature leaves out ${header}`,
        );
      },
    }),
  ),
  defineCheck({
    id: 'SIGN-ABSENT-HEADER-NOT-REQUIRED',
    title: 'A header the request does not carry need not be signed',
    area: 'signing',
    rules: ['SIGN-ABSENT-HEADER-LEFT-OUT'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      // No PSU-ID, PSU-Corporate-ID or Date on this request: signing just what is present is right.
      await expectAccepted(
        ctx,
        await probe(ctx, {
          signing: { signedHeaders: ['digest', 'x-request-id', 'tpp-redirect-uri'] },
        }),
        'a signature over the present headers only',
      );
    },
  }),
  defineCheck({
    id: 'SIGN-RESPONSE-SIGNATURE-VERIFIES',
    title: 'A signed response verifies and is signed by the bank’s own certificate',
    area: 'signing',
    rules: ['SIGN-RESPONSE-SIGNATURE'],
    needs: ['signed-responses'],
    async run(ctx) {
      const answers = [
        await probe(ctx, { label: 'a successful answer' }),
        await probe(ctx, { omitHeaders: ['TPP-Redirect-URI'], label: 'an error answer' }),
      ];
      // The client verifies every signed answer (§5.2 primitives, the Digest over the exact
      // body) and judges its signer by the bank certificate or CA the target names.
      const signed = answers.filter((exchange) =>
        Object.keys(exchange.response?.headers ?? {}).some((n) => n.toLowerCase() === 'signature'),
      );
      for (const exchange of answers) {
        ctx.expect.true(exchange.response !== undefined, `${exchange.label}: answered`);
        if (!signed.includes(exchange))
          ctx.evidence.note(`${exchange.label}: not signed (the bank may sign responses, §5.2.7)`);
      }
      for (const exchange of signed) {
        const verdict = exchange.responseSignature;
        ctx.expect.true(
          verdict?.status !== 'invalid',
          `${exchange.label}: the response signature verifies and is the bank's${verdict?.status === 'invalid' ? ` (${verdict.reason})` : ''}`,
        );
      }
      if (signed.length === 0)
        ctx.skip(
          'the bank signed none of its answers (§5.2.7: it may); there is nothing to verify',
        );
      // A signature by a signer the target does not name proves nothing (a proxy may have
      // made it): the run says so as a WARNING in its summary, not a silent SKIP.
      const untrusted = signed.find(
        (exchange) => exchange.responseSignature?.status === 'untrusted',
      );
      if (untrusted) {
        ctx.warn(
          `${untrusted.label}: ${untrusted.responseSignature!.reason} (pin the bank's signer in the target profile: bankSigningCert or bankCa; 'workbench target init --bank-json' does for a workbench bank)`,
        );
        return;
      }
      const unjudged = signed.find((exchange) => exchange.responseSignature !== undefined);
      if (unjudged) ctx.skip(`${unjudged.label}: ${unjudged.responseSignature!.reason}`);
    },
  }),
];
