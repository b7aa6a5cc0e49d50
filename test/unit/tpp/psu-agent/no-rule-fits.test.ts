/**
 * A used-up scaRedirect is said to be spent, not a page the PSU steps lack: opening a link whose
 * SCA ended the bank answers 409, one another browser took 403; a replay on it ends with what to
 * do (send the request again), where it used to end with "…no rule of the PSU steps fits".
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPsuAgent } from '../../../../main/core/tpp/psu-agent/agent.js';
import { noRuleFits } from '../../../../main/core/tpp/psu-agent/no-rule-fits.js';
import { SPENT_LINK, TAKEN_LINK } from '../../../../main/shared/spent-link.js';
import { parsePsuSteps } from '../../../../main/core/tpp/psu-agent/steps.js';
import { errorPage } from '../../../../main/core/bank/handlers/sca/pages/views.js';

const opened = [{ method: 'GET' as const }];
const submitted = [{ method: 'GET' as const }, { method: 'POST' as const }];

describe('noRuleFits', () => {
  it('says the link is spent when opening it answers 409, taken when 403', () => {
    const ended = { status: 409, step: 'error', error: 'This authorisation has already ended.' };
    expect(noRuleFits('recorded', ended, opened)).toBe(
      `the bank answered 409 ('This authorisation has already ended.'): ${SPENT_LINK}`,
    );
    expect(noRuleFits('recorded', { status: 403, step: 'error' }, opened)).toBe(
      `the bank answered 403: ${TAKEN_LINK}`,
    );
    expect(SPENT_LINK).toBe(
      'this scaRedirect was used (its SCA ended); send the request again for a new link',
    );
  });

  it('keeps the generic words for any other page, and once a form was submitted', () => {
    expect(noRuleFits('recorded', { status: 200, title: 'Enter your code' }, opened)).toBe(
      "the bank answered 200 with a page no rule of the PSU steps 'recorded' fits ('Enter your code')",
    );
    expect(noRuleFits('recorded', { status: 409, step: 'error' }, submitted)).toBe(
      "the bank answered 409 with a page no rule of the PSU steps 'recorded' fits (step 'error')",
    );
  });
});

describe('the headless agent on a used-up scaRedirect', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    // The embedded bank's answer to opening a link whose SCA ended.
    const page = errorPage(
      'sandbox',
      'Authorisation already ended',
      'This authorisation has already ended (finalised). Go back to the service you came from.',
    );
    server = createServer((_request, response) => {
      response.writeHead(409, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it('ends with the spent-link sentence', async () => {
    const steps = parsePsuSteps({
      name: 'recorded',
      stepOf: { selector: '[data-step]', attribute: 'data-step' },
      pages: [
        {
          name: 'login',
          match: { selector: '[data-step=login]' },
          actions: [{ submit: 'action', value: 'login' }],
        },
      ],
    });
    const error = await runPsuAgent(
      `${base}/sca/a-1?t=x`,
      { nationalIdentityNumber: '' },
      {
        steps,
      },
    ).catch((caught: unknown) => caught as Error);
    expect((error as Error).message).toBe(`the bank answered 409: ${SPENT_LINK}`);
  });
});
