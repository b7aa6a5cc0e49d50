/**
 * The request as the request log keeps it (main/core/bank/log/logged-request.ts): the headers as
 * sent, and one copy of a TPP-Signature-Certificate that every request of a TPP sends again.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { requestLogger } from '../../../../main/core/bank/log/logged-request.js';
import type { BankRequest } from '../../../../main/core/bank/http/messages.js';
import type { LoggedRequest } from '../../../../main/core/bank/log/request-log.js';

/** A base64 value of a certificate's size, as a string of its own (as node:http makes each). */
const certificateText = (seed: string) => Buffer.from(seed.repeat(1_100)).toString('base64');
const fresh = (value: string) => Buffer.from(value, 'latin1').toString('latin1');

/** A request whose headers object is the listener's own, or (`shared`) a caller's of handle. */
const request = (certificate: string, shared = false): BankRequest => {
  const made: BankRequest = {
    method: 'GET',
    target: '/v1/consents/c-1',
    headers: { host: 'bank', 'x-request-id': 'r-1', 'tpp-signature-certificate': certificate },
    body: Buffer.alloc(0),
  };
  if (!shared) made.headersUnshared = true;
  return made;
};

describe('the request the log keeps', () => {
  it('has the headers as sent, the certificate too, whatever certificate each request sends', () => {
    const logged = requestLogger();
    const first = certificateText('a');
    const other = certificateText('b');
    const entries = [first, fresh(first), other, first].map((value, index) =>
      logged(request(value, index === 1)),
    );
    expect(entries.map((entry) => entry.headers['tpp-signature-certificate'])).toEqual([
      first,
      first,
      other,
      first,
    ]);
    expect(entries[0]).toEqual({
      method: 'GET',
      target: '/v1/consents/c-1',
      headers: { host: 'bank', 'x-request-id': 'r-1', 'tpp-signature-certificate': first },
      bodySize: 0,
      bodyText: '',
    });
    const unsigned = request(first);
    delete unsigned.headers['tpp-signature-certificate'];
    expect(logged(unsigned).headers).toEqual({ host: 'bank', 'x-request-id': 'r-1' });
  });

  it('holds one copy of a certificate every request sends again, not one per request', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const logged = requestLogger();
    const certificate = certificateText('c');
    // Enough entries that what else the heap holds between two measurements (a few hundred KB
    // in a worker that ran other files) stays well under the bound an entry.
    const count = 4_000;
    /** The heap after a collection, `entries` alive until it is measured. */
    const heldWith = (entries: LoggedRequest[]) => {
      gc();
      gc();
      const used = process.memoryUsage().heapUsed;
      return entries.length >= 0 ? used : 0;
    };
    let entries: LoggedRequest[] = [];
    for (let i = 0; i < count; i += 1) entries.push(logged(request(fresh(certificate))));
    const full = heldWith(entries);
    entries = [];
    const empty = heldWith(entries);
    // Each request's own copy would be the certificate's length or more an entry; an entry
    // without it is its objects alone (a few hundred bytes).
    expect((full - empty) / count).toBeLessThan(certificate.length / 2);
  });
});
