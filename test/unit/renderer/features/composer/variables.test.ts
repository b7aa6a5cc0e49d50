/** Per-target variables: captured from answers, offered for path parameters, `{{name}}` resolved. */
import { describe, expect, it } from 'vitest';
import {
  composedRequest,
  draftProblems,
  emptyDraft,
  row,
} from '../../../../../renderer/src/features/composer/request-model';
import {
  capturedFrom,
  lockedSecrets,
  resolvedDraft,
  shownValue,
  unknownVariables,
  variableOfParameter,
  variableValues,
  withCaptured,
} from '../../../../../renderer/src/features/composer/variables';

describe('variables', () => {
  it('captures ids from a body, its lists and the authorisation its links name', () => {
    expect(
      capturedFrom({
        consentId: 'c1',
        _links: {
          scaStatus: { href: '/v1/consents/c1/authorisations/a1' },
          status: { href: '/v1/consents/c1/status' },
        },
        accounts: [{ resourceId: 'r1' }, { resourceId: 'r2' }, { resourceId: 'r1' }],
        other: { paymentId: '' },
      }),
    ).toEqual({ consentId: ['c1'], authorisationId: ['a1'], resourceId: ['r1', 'r2'] });
    expect(capturedFrom('not json')).toEqual({});
  });

  it('keeps the latest value first, each once, with the request it came from', () => {
    let vars = withCaptured({}, { consentId: ['c1'] }, 'POST /v1/consents');
    vars = withCaptured(vars, { consentId: ['c2'] }, 'POST /v1/consents');
    vars = withCaptured(vars, { consentId: ['c1'] }, 'GET /v1/consents/c1');
    expect(vars.consentId).toEqual([
      { value: 'c1', from: 'GET /v1/consents/c1' },
      { value: 'c2', from: 'POST /v1/consents' },
    ]);
    expect(variableValues(vars, 'psu-1')).toEqual({ consentId: 'c1', psuId: 'psu-1' });
    expect(variableOfParameter('account-id')).toBe('resourceId');
    expect(variableOfParameter('consentId')).toBe('consentId');
  });

  it('resolves {{name}} in path parameters, query, headers and body; names the unknown ones', () => {
    const draft = {
      ...emptyDraft(),
      pathTemplate: '/v1/consents/{consentId}',
      pathParams: { consentId: '{{consentId}}' },
      query: [row('q', '{{ resourceId }}')],
      headers: [row('PSU-ID', '{{psuId}}'), row('X-Other', '{{nope}}')],
      body: '{"id": "{{consentId}}"}',
    };
    const values = { consentId: 'c1', resourceId: 'r1', psuId: 'p1' };
    const resolved = resolvedDraft(draft, values);
    expect(resolved.pathParams).toEqual({ consentId: 'c1' });
    expect(resolved.query[0]!.value).toBe('r1');
    expect(resolved.headers.map((h) => h.value)).toEqual(['p1', '{{nope}}']);
    expect(resolved.body).toBe('{"id": "c1"}');
    expect(unknownVariables(draft, values)).toEqual(['No variable {{nope}} on this target yet.']);
    // An unticked row is not sent: its reference does not stop the send.
    const unticked = { ...draft, headers: [{ ...draft.headers[1]!, enabled: false }] };
    expect(unknownVariables(unticked, values)).toEqual([]);
  });

  it('never resolves a name of Object.prototype: {{toString}} stays unresolved and is named', () => {
    const values = variableValues({ consentId: [{ value: 'c1', from: 'POST /v1/consents' }] });
    const draft = {
      ...emptyDraft(),
      headers: [row('X-Test', '{{toString}}'), row('X-Other', '{{constructor}}')],
      body: '{"a":"{{valueOf}}","b":"{{__proto__}}","c":"{{consentId}}"}',
    };
    const resolved = resolvedDraft(draft, values);
    expect(resolved.headers.map((header) => header.value)).toEqual([
      '{{toString}}',
      '{{constructor}}',
    ]);
    expect(resolved.body).toBe('{"a":"{{valueOf}}","b":"{{__proto__}}","c":"c1"}');
    expect(unknownVariables(draft, values)).toEqual([
      'No variable {{toString}} on this target yet.',
      'No variable {{constructor}} on this target yet.',
      'No variable {{valueOf}} on this target yet.',
    ]);
    // A plain object of values (not made by variableValues) is looked up by own keys too.
    expect(resolvedDraft(draft, { consentId: 'c2' }).headers[0]!.value).toBe('{{toString}}');
  });

  it('resolves {{name}} typed in the path or URL, and names one that does not resolve', () => {
    const values = variableValues({
      consentId: [{ value: 'c 1', from: 'POST /v1/consents' }],
      host: [{ value: 'bank.example', from: 'typed' }],
    });
    const typed = { ...emptyDraft(), pathTemplate: '/v1/consents/{{consentId}}/status' };
    expect(draftProblems(typed)).toEqual([]);
    expect(unknownVariables(typed, values)).toEqual([]);
    expect(composedRequest(resolvedDraft(typed, values)).path).toBe('/v1/consents/c 1/status');
    const url = { ...emptyDraft(), pathTemplate: 'https://{{host}}/v1/{{seg}}' };
    expect(draftProblems(url)).toEqual([]);
    expect(unknownVariables(url, values)).toEqual(['No variable {{seg}} on this target yet.']);
    expect(resolvedDraft(url, values).pathTemplate).toBe('https://bank.example/v1/{{seg}}');
    // A path parameter named like a property of Object.prototype needs its own value too.
    const named = { ...emptyDraft(), pathTemplate: '/v1/{constructor}' };
    expect(draftProblems(named)).toEqual(['Fill in the path parameter {constructor}.']);
  });
});

describe('secret variables', () => {
  const variables = {
    psuPassword: [{ value: '', from: 'imported', secret: true, sealed: 'AAAA' }],
    token: [{ value: 't-1', from: 'set by hand', secret: true }],
  };

  it('a sealed secret has no value and stops the send naming the keystore', () => {
    const values = variableValues(variables);
    expect(values).toEqual({ token: 't-1' });
    const draft = { ...emptyDraft(), body: '{"p":"{{psuPassword}}","t":"{{token}}"}' };
    expect(unknownVariables(draft, values, lockedSecrets(variables))).toEqual([
      'Unlock the keystore (Certificates) to use the secret {{psuPassword}}: its value is sealed.',
    ]);
  });

  it('is masked unless revealed, and stays secret when a new value arrives', () => {
    expect(shownValue(variables.token[0], 't-1', false)).toBe('••••••');
    expect(shownValue(variables.token[0], 't-1', true)).toBe('t-1');
    expect(shownValue(variables.psuPassword[0], '', true)).toMatch(/unlock the keystore/);
    expect(withCaptured(variables, { token: ['t-2'] }, 'again').token![0]).toEqual({
      value: 't-2',
      from: 'again',
      secret: true,
    });
  });
});
