import { describe, expect, it } from 'vitest';
import {
  attributeTypeOid,
  parseDistinguishedName,
  type DnRdn,
} from '../../../main/core/signature/dn-parse.js';

/** `oid=text` per attribute, `+` inside an RDN, RDNs in the string's order. */
const flat = (rdns: DnRdn[]): string[] =>
  rdns.map((rdn) =>
    rdn.map((a) => `${a.oid}=${a.value.text ?? '#' + a.value.der!.toString('hex')}`).join('+'),
  );

describe('parseDistinguishedName', () => {
  it('reads types by short name, long name, alias, dotted OID and OID. prefix, in any case', () => {
    expect(
      flat(
        parseDistinguishedName(
          'cn=A,commonName=B,E=x@y,emailAddress=z@y,S=Oslo,ST=Viken,2.5.4.97=P,OID.2.5.4.97=Q,oid.2.5.4.10=R,organizationIdentifier=T,SERIALNUMBER=1',
        ),
      ),
    ).toEqual([
      '2.5.4.3=A',
      '2.5.4.3=B',
      '1.2.840.113549.1.9.1=x@y',
      '1.2.840.113549.1.9.1=z@y',
      '2.5.4.8=Oslo',
      '2.5.4.8=Viken',
      '2.5.4.97=P',
      '2.5.4.97=Q',
      '2.5.4.10=R',
      '2.5.4.97=T',
      '2.5.4.5=1',
    ]);
    expect(attributeTypeOid('Organizationidentifier')).toBe('2.5.4.97');
    expect(() => attributeTypeOid('Colour')).toThrow(/unknown attribute type 'Colour'/);
  });

  it('decodes backslash escapes, \\XX UTF-8 byte escapes and quoted values', () => {
    expect(
      flat(parseDistinguishedName('O=Bj\\C3\\B8rn Bank\\, \\C3\\98st AS,CN=\\#1\\+2\\ ')),
    ).toEqual(['2.5.4.10=Bjørn Bank, Øst AS', '2.5.4.3=#1+2 ']);
    expect(
      flat(parseDistinguishedName('O = "Bj\\C3\\B8rn Bank, \\"\\C3\\98st\\" AS" , C = NO')),
    ).toEqual(['2.5.4.10=Bjørn Bank, "Øst" AS', '2.5.4.6=NO']);
  });

  it('decodes #hex DER string values: UTF8String, PrintableString, IA5String, BMPString, TeletexString', () => {
    const hex = (tag: number, content: Buffer): string =>
      '#' + Buffer.concat([Buffer.from([tag, content.length]), content]).toString('hex');
    const utf16be = Buffer.from('Ø1', 'utf16le').swap16();
    expect(
      flat(
        parseDistinguishedName(
          [
            `2.5.4.97=${hex(0x0c, Buffer.from('Ø-1'))}`,
            `2.5.4.97=${hex(0x13, Buffer.from('AB-1'))}`,
            `2.5.4.97=${hex(0x16, Buffer.from('a@b'))}`,
            `2.5.4.97=${hex(0x1e, utf16be)}`,
            `2.5.4.97=${hex(0x14, Buffer.from([0xd8, 0x31]))}`,
            '2.5.4.97=#0101FF',
          ].join(','),
        ),
      ),
    ).toEqual([
      '2.5.4.97=Ø-1',
      '2.5.4.97=AB-1',
      '2.5.4.97=a@b',
      '2.5.4.97=Ø1',
      '2.5.4.97=Ø1',
      '2.5.4.97=#0101ff',
    ]);
  });

  it('reads multi-valued RDNs and both separators, with spaces around them', () => {
    const rdns = parseDistinguishedName('CN=A + OU=B ; O=C , C=NO');
    expect(flat(rdns)).toEqual(['2.5.4.3=A+2.5.4.11=B', '2.5.4.10=C', '2.5.4.6=NO']);
  });

  it('keeps escaped spaces and drops unescaped ones at the ends', () => {
    expect(flat(parseDistinguishedName('CN=  A B  ,O=\\ x\\ '))).toEqual([
      '2.5.4.3=A B',
      '2.5.4.10= x ',
    ]);
  });

  it('names the syntax error', () => {
    expect(() => parseDistinguishedName('')).toThrow(/empty/);
    expect(() => parseDistinguishedName('CN=A,')).toThrow(/nothing after ','/);
    expect(() => parseDistinguishedName('CN')).toThrow(/'=' expected after 'CN'/);
    expect(() => parseDistinguishedName('CN="A')).toThrow(/closing/);
    expect(() => parseDistinguishedName('CN=A\\')).toThrow(/lone backslash/);
    expect(() => parseDistinguishedName('CN=\\C3')).toThrow(/not UTF-8/);
    expect(() => parseDistinguishedName('2.5.4.97=#0c05')).toThrow(/not one DER value/);
    expect(() => parseDistinguishedName('CN="A" B')).toThrow(/',', ';' or '\+' expected/);
    expect(() => parseDistinguishedName('Colour=red')).toThrow(/unknown attribute type/);
  });
});
