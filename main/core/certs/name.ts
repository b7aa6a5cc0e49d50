/**
 * X.501 Names for the certificates we make, encoded by hand with forge.asn1 so we control value
 * types and multi-valued RDNs (forge's setSubject makes one RDN per attribute and only knows a few
 * string types). The printed form is distinguished-name.ts's RFC 2253 (OpenSSL's).
 */
import forge from 'node-forge';
import { ATTRIBUTE_SHORT_NAMES } from '../signature/distinguished-name.js';

export type NameValueType = 'utf8' | 'printable' | 'ia5' | 'bmp' | 't61';

export interface NameAttributeInput {
  /** Short name ('CN', 'organizationIdentifier'), long name ('commonName') or dotted OID. */
  type: string;
  value: string;
  /** Default: printable for C, serialNumber and dnQualifier; ia5 for emailAddress and DC; else utf8. */
  valueType?: NameValueType;
}

/** RDNs in DER order (C first, CN last); an inner array is one multi-valued RDN. */
export type NameInput = readonly (NameAttributeInput | readonly NameAttributeInput[])[];

/** organizationIdentifier (X.520, ETSI EN 319 412-1 §5.1.4): `PSD<CC>-<NCA>-<id>` for PSD2 TPPs. */
export const ORGANIZATION_IDENTIFIER_OID = '2.5.4.97';

const LONG_NAMES: Readonly<Record<string, string>> = {
  commonname: '2.5.4.3',
  surname: '2.5.4.4',
  countryname: '2.5.4.6',
  localityname: '2.5.4.7',
  stateorprovincename: '2.5.4.8',
  streetaddress: '2.5.4.9',
  organizationname: '2.5.4.10',
  organizationalunitname: '2.5.4.11',
  givenname: '2.5.4.42',
  domaincomponent: '0.9.2342.19200300.100.1.25',
};
const OID_OF_NAME = new Map<string, string>([
  ...Object.entries(ATTRIBUTE_SHORT_NAMES).map(([oid, name]) => [name.toLowerCase(), oid] as const),
  ...Object.entries(LONG_NAMES),
]);

export function attributeOid(type: string): string {
  if (/^\d+(\.\d+)+$/.test(type)) return type;
  const oid = OID_OF_NAME.get(type.toLowerCase());
  if (!oid) throw new Error(`unknown name attribute '${type}'; give its OID`);
  return oid;
}

const DEFAULT_TYPE: Readonly<Record<string, NameValueType>> = {
  '2.5.4.6': 'printable',
  '2.5.4.5': 'printable',
  '2.5.4.46': 'printable',
  '1.2.840.113549.1.9.1': 'ia5',
  '0.9.2342.19200300.100.1.25': 'ia5',
};

const { asn1 } = forge;

function encodeValue(value: string, valueType: NameValueType): forge.asn1.Asn1 {
  switch (valueType) {
    case 'utf8':
      return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, forge.util.encodeUtf8(value));
    case 'printable':
      if (!/^[A-Za-z0-9 '()+,\-./:=?]*$/.test(value)) {
        throw new Error(`'${value}' has characters a PrintableString cannot hold`);
      }
      return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.PRINTABLESTRING, false, value);
    case 'ia5':
      return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.IA5STRING, false, value);
    case 't61':
      return asn1.create(
        asn1.Class.UNIVERSAL,
        20 as forge.asn1.Type,
        false,
        Buffer.from(value, 'latin1').toString('binary'),
      );
    case 'bmp':
      return asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.BMPSTRING,
        false,
        Buffer.from(value, 'utf16le').swap16().toString('binary'),
      );
  }
}

function nameAsn1(name: NameInput): forge.asn1.Asn1 {
  return asn1.create(
    asn1.Class.UNIVERSAL,
    asn1.Type.SEQUENCE,
    true,
    name.map((rdn) =>
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.SET,
        true,
        (Array.isArray(rdn) ? rdn : [rdn as NameAttributeInput]).map((attribute) => {
          const oid = attributeOid(attribute.type);
          return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
            encodeValue(attribute.value, attribute.valueType ?? DEFAULT_TYPE[oid] ?? 'utf8'),
          ]);
        }),
      ),
    ),
  );
}

/** DER of a Name. */
export function encodeName(name: NameInput): Buffer {
  return Buffer.from(asn1.toDer(nameAsn1(name)).getBytes(), 'binary');
}

/** The subject fields of an organisation's certificate (TPP, CA or bank). */
export interface OrganizationSubject {
  commonName: string;
  organizationName?: string;
  organizationalUnitName?: string;
  localityName?: string;
  countryName?: string;
  /** e.g. 'PSDNO-FSA-123456' (ETSI TS 119 495 §5.2.1). */
  organizationIdentifier?: string;
}

/** C, L, O, OU, organizationIdentifier, CN — the usual eIDAS order, printed reversed in RFC 2253. */
export function organizationName(subject: OrganizationSubject): NameInput {
  const rdns: NameAttributeInput[] = [];
  if (subject.countryName) rdns.push({ type: 'C', value: subject.countryName });
  if (subject.localityName) rdns.push({ type: 'L', value: subject.localityName });
  if (subject.organizationName) rdns.push({ type: 'O', value: subject.organizationName });
  if (subject.organizationalUnitName)
    rdns.push({ type: 'OU', value: subject.organizationalUnitName });
  if (subject.organizationIdentifier) {
    rdns.push({ type: ORGANIZATION_IDENTIFIER_OID, value: subject.organizationIdentifier });
  }
  rdns.push({ type: 'CN', value: subject.commonName });
  return rdns;
}
