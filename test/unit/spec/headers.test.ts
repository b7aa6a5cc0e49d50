import { describe, expect, it } from 'vitest';
import {
  HEADER_RULES_LIST,
  checkHeaderValue,
  formatImfFixdate,
  headerGroup,
  parseImfFixdate,
} from '../../../main/core/spec/index.js';
import { section } from './specText.js';

describe('§4.1 header groups', () => {
  it('cover every header the spec table names', () => {
    const table = section('### 4.1');
    const names = [...table.matchAll(/^\| [^|]+ \| ([^|]+) \|/gm)]
      .flatMap((match) => match[1]!.split(','))
      .map((name) => name.trim())
      .filter((name) => name !== 'Header' && name !== '---');
    const known = HEADER_RULES_LIST.map((rule) => rule.name);
    for (const name of names) expect(known).toContain(name);
    expect(headerGroup('signed-request')).toEqual([
      'x-request-id',
      'tpp-signature-certificate',
      'signature',
      'digest',
      'date',
    ]);
  });
});

describe('header format rules', () => {
  const ok = (key: string, value: string) => expect(checkHeaderValue(key, value)).toBeUndefined();
  const bad = (key: string, value: string) =>
    expect(checkHeaderValue(key, value)).toBeTypeOf('string');

  it('X-Request-ID, PSU-ID and PSU-Device-ID are UUIDs', () => {
    for (const key of ['x-request-id', 'psu-id', 'psu-device-id']) {
      ok(key, '99391c7e-ad88-49ec-a2ad-99ddcb1f7721');
      ok(key, '99391C7E-AD88-49EC-A2AD-99DDCB1F7721');
      bad(key, '99391c7e-ad88-49ec-a2ad-99ddcb1f772');
      bad(key, 'not-a-uuid');
      bad(key, '');
    }
  });

  it('PSU-Context and PSU-HTTP-Method take their enumerations', () => {
    ok('psu-context', 'PRIVATE');
    ok('psu-context', 'CORPORATE');
    bad('psu-context', 'private');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) ok('psu-http-method', method);
    bad('psu-http-method', 'HEAD');
  });

  it('PSU-Geo-Location is GEO:<lat>,<lon> within range', () => {
    ok('psu-geo-location', 'GEO:59.9139,10.7522');
    ok('psu-geo-location', 'GEO:-90,180');
    bad('psu-geo-location', 'GEO:90.1,10');
    bad('psu-geo-location', 'GEO:10,-180.5');
    bad('psu-geo-location', 'GEO:52.506931;13.144558');
    bad('psu-geo-location', '59.9,10.7');
  });

  it('TPP-Redirect-Preferred is true or false', () => {
    ok('tpp-redirect-preferred', 'true');
    ok('tpp-redirect-preferred', 'false');
    bad('tpp-redirect-preferred', 'TRUE');
    bad('tpp-redirect-preferred', 'yes');
  });

  it('Date is an RFC 7231 IMF-fixdate with a matching weekday', () => {
    ok('date', 'Sun, 06 Nov 1994 08:49:37 GMT');
    bad('date', 'Mon, 06 Nov 1994 08:49:37 GMT'); // wrong weekday
    bad('date', 'Sunday, 06-Nov-94 08:49:37 GMT'); // RFC 850 form
    bad('date', 'Sun Nov  6 08:49:37 1994'); // asctime form
    bad('date', 'Thu, 31 Feb 2022 10:00:00 GMT');
    const now = new Date('2024-09-05T12:34:56Z');
    expect(parseImfFixdate(formatImfFixdate(now))?.getTime()).toBe(now.getTime());
  });

  it('TPP-Redirect-URI is an absolute http(s) URI', () => {
    ok('tpp-redirect-uri', 'https://tpp.example/cb?x=1');
    ok('tpp-redirect-uri', 'http://localhost:8080/cb');
    bad('tpp-redirect-uri', '/relative/path');
    bad('tpp-redirect-uri', 'ftp://tpp.example/cb');
    bad('tpp-redirect-uri', 'myapp://callback');
  });

  it('X-PSU-IDENTITY is a Norwegian birth or D-number', () => {
    ok('x-psu-identity', '01019012480');
    ok('x-psu-identity', '41019012393');
    bad('x-psu-identity', '01019012481');
    expect(checkHeaderValue('x-psu-identity', '29020151054')).toContain('calendar date');
  });

  it('PSU-IP-Address is IPv4 or IPv6, PSU-IP-Port a port', () => {
    ok('psu-ip-address', '192.168.8.78');
    ok('psu-ip-address', '2001:db8::1');
    ok('psu-ip-address', '::ffff:192.0.2.1');
    ok('psu-ip-address', '2001:0db8:0000:0000:0000:ff00:0042:8329');
    bad('psu-ip-address', '256.1.1.1');
    ok('psu-ip-address', '255.249.199.0');
    ok('psu-ip-address', '001.02.3.000');
    bad('psu-ip-address', '1.2.3.260');
    bad('psu-ip-address', '1.2.3.1000');
    bad('psu-ip-address', '1.2.3.4.5');
    bad('psu-ip-address', '1..2.3');
    bad('psu-ip-address', '1.2.3.4\n');
    bad('psu-ip-address', '1.2.3');
    bad('psu-ip-address', '2001:db8::1::2');
    bad('psu-ip-address', 'localhost');
    ok('psu-ip-port', '443');
    bad('psu-ip-port', '65536');
  });

  it('headers without a format accept any value', () => {
    expect(checkHeaderValue('psu-user-agent', 'Mozilla/5.0')).toBeUndefined();
    expect(checkHeaderValue('x-unknown', 'anything')).toBeUndefined();
  });
});
