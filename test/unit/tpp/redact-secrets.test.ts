/**
 * Redaction of secret values in what is shown of an exchange (redact-secrets.ts): the exact value
 * and its URL-encoded spelling become `{{name}}` in the URL, headers, body and answer; the longer
 * of two overlapping secrets wins; the exchange given is not changed.
 */
import { describe, expect, it } from 'vitest';
import { redactedExchange, redactedText } from '../../../main/core/tpp/redact-secrets';
import type { Exchange } from '../../../main/shared/exchange';

const exchange = {
  id: 'x1',
  request: {
    method: 'POST',
    url: 'https://bank.example/v1/consents?token=p%40ss%20word',
    headers: { Authorization: 'Bearer p@ss word', 'PSU-ID': 'alice' },
    body: '{"password":"p@ss word","user":"alice-2"}',
  },
  response: { status: 201, headers: {}, body: 'echo p@ss word', truncated: false },
} as unknown as Exchange;

describe('redactedExchange', () => {
  it('replaces each secret value, plain or URL-encoded, by {{name}} and leaves the original', () => {
    const secrets = [
      { name: 'password', value: 'p@ss word' },
      { name: 'user', value: 'alice' },
      { name: 'userTwo', value: 'alice-2' },
    ];
    const shown = redactedExchange(exchange, secrets);
    expect(shown.request.url).toBe('https://bank.example/v1/consents?token={{password}}');
    expect(shown.request.headers).toEqual({
      Authorization: 'Bearer {{password}}',
      'PSU-ID': '{{user}}',
    });
    expect(shown.request.body).toBe('{"password":"{{password}}","user":"{{userTwo}}"}');
    expect(shown.response!.body).toBe('echo {{password}}');
    expect(exchange.request.headers.Authorization).toBe('Bearer p@ss word');
  });

  it('leaves an exchange alone when no secret has a value', () => {
    expect(redactedExchange(exchange, [{ name: 'empty', value: '' }])).toBe(exchange);
    expect(redactedText('a  b', [{ name: 'empty', value: '' }])).toBe('a  b');
  });
});
