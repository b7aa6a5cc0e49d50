/**
 * The node:http adapter's request model: raw header information, body limits and a body taken
 * by a sink as it arrives.
 */
import { Agent, request } from 'undici';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import {
  headersFromRaw,
  listenBank,
  type BodySink,
} from '../../../../main/core/bank/listener/http.js';
import type { BankRequest } from '../../../../main/core/bank/http/messages.js';
import { createBank } from '../../../../main/core/bank/index.js';
import { VirtualClock } from '../../../../main/core/clock.js';

describe('headersFromRaw', () => {
  it('lower-cases names, joins repeated fields and reports them', () => {
    const { headers, duplicateHeaders } = headersFromRaw([
      'X-Request-ID',
      'a',
      'PSU-IP-Address',
      '1.1.1.1',
      'psu-ip-address',
      '2.2.2.2',
    ]);
    expect({ ...headers }).toEqual({ 'x-request-id': 'a', 'psu-ip-address': '1.1.1.1, 2.2.2.2' });
    expect(duplicateHeaders).toEqual(['psu-ip-address']);
  });

  it('keeps a header named __proto__ as a header', () => {
    const { headers } = headersFromRaw(['__proto__', 'x', 'constructor', 'y']);
    expect(headers['__proto__']).toBe('x');
    expect(headers.constructor).toBe('y');
  });

  it('reaches nothing of Object.prototype, and keeps fast properties (not a hash table)', () => {
    const { headers } = headersFromRaw(['Host', 'a', 'X-Request-ID', 'b', '__proto__', 'x']);
    expect(headers.constructor).toBeUndefined();
    expect(headers['toString']).toBeUndefined();
    expect('hasOwnProperty' in headers).toBe(false);
    expect(Object.keys(headers)).toEqual(['host', 'x-request-id', '__proto__']);
    // Every stage, the request log and the TPP findings read them: V8 keeps an object made with
    // no prototype at all as a hash table, slower to read on every request.
    setFlagsFromString('--allow-natives-syntax');
    const fast = new Function('object', 'return %HasFastProperties(object)') as (
      o: object,
    ) => boolean;
    expect(fast(headers)).toBe(true);
  });
});

describe('listenBank', () => {
  it('hands the pipeline at most limit + 1 body bytes and the raw request line target', async () => {
    const seen: BankRequest[] = [];
    const listener = await listenBank(
      async (bankRequest) => {
        seen.push(bankRequest);
        return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
      },
      { maxBodyBytes: 10 },
    );
    try {
      const response = await request(`${listener.url}/a%20b?x=1&x=2`, {
        method: 'POST',
        body: 'x'.repeat(100),
      });
      await response.body.dump();
      expect(seen[0]!.body.length).toBe(11);
      expect(seen[0]!.target).toBe('/a%20b?x=1&x=2');
      expect(seen[0]!.remoteAddress).toBe('127.0.0.1');
      // Its headers object is made for this request alone: the request log may keep it as it is.
      expect(seen[0]!.headersUnshared).toBe(true);
    } finally {
      await listener.close();
    }
  });

  describe('a body sink', () => {
    /** A sink that records what it was given, and tells when it has the first piece. */
    function recordingSink(maxBytes: number) {
      const pieces: string[] = [];
      let firstPiece!: () => void;
      const gotFirst = new Promise<void>((resolve) => (firstPiece = resolve));
      const sink: BodySink = {
        maxBytes,
        write(chunk) {
          pieces.push(chunk.toString('utf8'));
          firstPiece();
        },
        end: () => ({ value: pieces.join('') }),
      };
      return { sink, pieces, gotFirst };
    }

    async function listenWithSink(sink: BodySink) {
      const seen: BankRequest[] = [];
      const listener = await listenBank(
        async (bankRequest) => {
          seen.push(bankRequest);
          return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
        },
        { maxBodyBytes: 4, bodySink: (head) => (head.target === '/sink' ? sink : undefined) },
      );
      return { seen, listener };
    }

    /** Sends `first`, waits for `ready`, then sends `rest`: the body arrives in two pieces. */
    function sendInTwo(url: string, first: string, ready: Promise<void>, rest: string) {
      return new Promise<number>((resolve, reject) => {
        const outgoing = httpRequest(
          `${url}/sink`,
          { method: 'PUT', headers: { 'content-length': first.length + rest.length } },
          (answer) => {
            answer.resume();
            resolve(answer.statusCode!);
          },
        );
        outgoing.on('error', reject);
        outgoing.write(first);
        ready.then(() => outgoing.end(rest), reject);
      });
    }

    it('is handed the body piece by piece as it arrives, and the request keeps none of it', async () => {
      const { sink, pieces, gotFirst } = recordingSink(1000);
      const { seen, listener } = await listenWithSink(sink);
      try {
        // The second piece is sent only once the sink has the first: a listener that kept the
        // body until its end would never hand it over, and the request would not complete.
        const status = await sendInTwo(listener.url, '{"first":1,', gotFirst, '"second":2}');
        expect(status).toBe(200);
        expect(pieces).toEqual(['{"first":1,', '"second":2}']);
        expect(seen[0]!.body.length).toBe(0);
        expect(seen[0]!.parsedBody).toEqual({
          bytes: 22,
          result: { value: '{"first":1,"second":2}' },
        });
      } finally {
        await listener.close();
      }
    });

    it("counts a body over the sink's limit, writes none of it past the limit, and says so", async () => {
      const { sink, pieces, gotFirst } = recordingSink(20);
      const { seen, listener } = await listenWithSink(sink);
      try {
        const status = await sendInTwo(listener.url, 'x'.repeat(15), gotFirst, 'y'.repeat(15));
        expect(status).toBe(200);
        expect(pieces).toEqual(['x'.repeat(15)]);
        expect(seen[0]!.parsedBody).toEqual({
          bytes: 30,
          result: { problem: 'over 20 bytes, not parsed' },
        });
      } finally {
        await listener.close();
      }
    });

    it('leaves the requests it did not ask for to the listener, with their body kept', async () => {
      const { sink, pieces } = recordingSink(1000);
      const { seen, listener } = await listenWithSink(sink);
      try {
        const response = await request(`${listener.url}/other`, { method: 'PUT', body: 'abc' });
        await response.body.dump();
        expect(pieces).toEqual([]);
        expect(seen[0]!.body.toString()).toBe('abc');
        expect(seen[0]!.parsedBody).toBeUndefined();
      } finally {
        await listener.close();
      }
    });
  });

  it('answers each of many requests sent at once with its own answer, also after an adapter failure', async () => {
    // Answers made in one turn of the event loop are written together (answerBatch): none may
    // go to another request's socket, and a failure in between must not hold the others back.
    const listener = await listenBank(async (bankRequest) => {
      if (bankRequest.target === '/fail/7') throw new Error('boom');
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ target: bankRequest.target }),
      };
    });
    const dispatcher = new Agent({ connections: 32 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 96 }, async (_, i) => {
          const target = i === 7 ? '/fail/7' : `/echo/${i}`;
          const response = await request(`${listener.url}${target}`, { dispatcher });
          return { i, status: response.statusCode, body: (await response.body.json()) as object };
        }),
      );
      for (const { i, status, body } of answers) {
        if (i === 7) {
          expect(status).toBe(500);
          expect(JSON.stringify(body)).toContain('bank adapter failure: Error: boom');
        } else expect({ status, body }).toEqual({ status: 200, body: { target: `/echo/${i}` } });
      }
    } finally {
      await dispatcher.close();
      await listener.close();
    }
  });

  it('runs the bookkeeping a request leaves for after sending once, before its client reads the answer', async () => {
    const done: string[] = [];
    const listener = await listenBank({
      serve: async (bankRequest) => ({
        response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' },
        afterSending: () => {
          if (bankRequest.target === '/throws') throw new Error('bookkeeping failed');
          done.push(bankRequest.target);
        },
      }),
    });
    const dispatcher = new Agent({ connections: 16 });
    try {
      const targets = ['/throws', ...Array.from({ length: 40 }, (_, i) => `/r/${i}`)];
      await Promise.all(
        targets.map(async (target) => {
          const response = await request(`${listener.url}${target}`, { dispatcher });
          await response.body.dump();
          expect(response.statusCode).toBe(200);
          if (target !== '/throws') expect(done).toContain(target);
        }),
      );
      expect([...done].sort()).toEqual(targets.slice(1).sort());
    } finally {
      await dispatcher.close();
      await listener.close();
    }
  });

  it("has a bank's exchange in its request log by the time the client has the answer", async () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const { url } = await bank.listen();
    try {
      for (let i = 0; i < 3; i++) {
        const response = await request(`${url}/v1/nothing-${i}`);
        await response.body.dump();
        expect(response.statusCode).toBe(404);
        expect(bank.requestLog.entries().at(-1)?.request.target).toBe(`/v1/nothing-${i}`);
      }
      expect(bank.requestLog.size).toBe(3);
    } finally {
      await bank.close();
    }
  });

  it('answers 500 for an answer node:http refuses to write, and the others of its turn still go out', async () => {
    const listener = await listenBank(async (bankRequest) => ({
      status: 200,
      headers: {
        'content-type': 'application/json',
        ...(bankRequest.target === '/bad' ? { location: 'a\nb' } : {}),
      },
      body: '{}',
    }));
    const dispatcher = new Agent({ connections: 8 });
    try {
      const statuses = await Promise.all(
        ['/ok/1', '/bad', '/ok/2', '/ok/3'].map(async (target) => {
          const response = await request(`${listener.url}${target}`, { dispatcher });
          const text = await response.body.text();
          return { target, status: response.statusCode, text };
        }),
      );
      expect(statuses.map(({ status }) => status)).toEqual([200, 500, 200, 200]);
      expect(statuses[1]!.text).toContain('bank adapter failure');
      const again = await request(`${listener.url}/ok/4`, { dispatcher });
      await again.body.dump();
      expect(again.statusCode).toBe(200);
    } finally {
      await dispatcher.close();
      await listener.close();
    }
  });
});
