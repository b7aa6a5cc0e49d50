/**
 * The web host's recording relay (docs/sca.md, "Recording SCA steps"). The SCA popup is a plain
 * browser window on the bank's origin, which the workbench cannot reach into; to record, the
 * popup opens the bank's pages through this relay instead: one loopback port and one host name
 * `<random>.localhost` per recording (sca-record-guard.ts says why), which forwards every request
 * addressed to it to the bank, with the bank's own Host, and adds the recorder
 * (core/tpp/psu-recorder/page-script.ts) to each HTML page, allowing that one script by nonce in
 * the page's Content-Security-Policy. The page reports back to the relay's own origin, on a path
 * with a per-recording token, never to the workbench's.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pageRecorderScript } from '../../core/tpp/psu-recorder/page-script.js';
import type { RecordingSink } from '../../api/services/tpp/sca-recordings.js';
import {
  leavesBank,
  recorderCsp,
  relayedCookie,
  relayedLocation,
  reportAtBank,
} from './sca-record-rewrite.js';
import { RECORDER_ENDPOINT, relayRefusal, type RelayIdentity } from './sca-record-guard.js';

export { RECORDER_ENDPOINT } from './sca-record-guard.js';
const MAX_REPORT_BYTES = 1024 * 1024;

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) reject(new Error(`a report is at most ${limit} bytes`));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startScaRecordRelay(plan: {
  url: string;
  recording: RecordingSink;
}): Promise<{ url: string; close(): Promise<void> }> {
  const bank = new URL(plan.url);
  if (bank.protocol !== 'http:' && bank.protocol !== 'https:')
    throw new Error(`only http(s) SCA pages can be recorded, not ${bank.protocol}`);
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  // Chromium and Electron resolve every *.localhost name to loopback (no DNS asked).
  const authority = `${randomBytes(16).toString('hex')}.localhost:${(server.address() as AddressInfo).port}`;
  const relay = `http://${authority}`;
  const identity: RelayIdentity = {
    authority,
    origin: relay,
    reportPath: `${RECORDER_ENDPOINT}/${randomBytes(32).toString('base64url')}`,
    bankHost: bank.host,
  };
  const send = bank.protocol === 'https:' ? httpsRequest : httpRequest;

  server.on('request', (req, res) => {
    const refusal = relayRefusal(req, identity);
    if (refusal) {
      req.resume();
      res
        .writeHead(refusal.status, { 'content-type': 'text/plain; charset=utf-8' })
        .end(refusal.text);
      return;
    }
    if (req.url === identity.reportPath) {
      void readBody(req, MAX_REPORT_BYTES)
        .then((body) => {
          plan.recording.report(reportAtBank(JSON.parse(body.toString('utf8')), relay, bank));
          res.writeHead(204).end();
        })
        .catch((error: Error) => {
          const text = error instanceof SyntaxError ? 'a report must be JSON' : error.message;
          res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
        });
      return;
    }
    const headers = { ...req.headers, host: bank.host };
    delete headers['accept-encoding']; // pages are rewritten: ask for them uncompressed
    for (const name of ['origin', 'referer'] as const) {
      const value = headers[name];
      if (typeof value === 'string') headers[name] = value.replace(relay, bank.origin);
    }
    const upstream = send(
      // Concatenated, never resolved: a path like //elsewhere/ stays on the bank's origin.
      new URL(`${bank.origin}${req.url?.startsWith('/') ? req.url : '/'}`),
      { method: req.method, headers },
      (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value === undefined || name === 'content-length') continue;
          out[name] = value;
        }
        if (typeof answer.headers.location === 'string') {
          out.location = relayedLocation(answer.headers.location, bank, relay);
          // The bank sends the PSU away from its pages: the redirect back to the TPP (§6).
          if (leavesBank(answer.headers.location, bank))
            try {
              plan.recording.report([{ kind: 'redirect', seq: Date.now(), url: out.location }]);
            } catch {
              // A stopped or full recording: the redirect is not recorded.
            }
        }
        if (answer.headers['set-cookie'])
          out['set-cookie'] = answer.headers['set-cookie'].map(relayedCookie);
        const html = /^text\/html/i.test(answer.headers['content-type'] ?? '');
        if (!html) {
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
          return;
        }
        void readBody(answer, 16 * 1024 * 1024).then(
          (body) => {
            const nonce = randomBytes(16).toString('base64');
            const csp = answer.headers['content-security-policy'];
            if (typeof csp === 'string') out['content-security-policy'] = recorderCsp(csp, nonce);
            const script = `<script nonce="${nonce}">${pageRecorderScript({ kind: 'beacon', endpoint: identity.reportPath })}</script>`;
            const page = body.toString('utf8').split(bank.origin).join(relay);
            const at = page.lastIndexOf('</body>');
            const text =
              at >= 0 ? `${page.slice(0, at)}${script}${page.slice(at)}` : `${page}${script}`;
            res.writeHead(answer.statusCode ?? 502, out).end(text);
          },
          (error: Error) => {
            res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(error.message);
          },
        );
      },
    );
    upstream.on('error', (error) => {
      res
        .writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`The bank at ${bank.origin} did not answer the recording relay: ${error.message}`);
    });
    req.pipe(upstream);
  });

  return {
    url: new URL(`${bank.pathname}${bank.search}`, relay).toString(),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
