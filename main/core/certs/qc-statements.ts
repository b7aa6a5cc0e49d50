/**
 * The QCStatements extension (RFC 3739, OID 1.3.6.1.5.5.7.1.3) of eIDAS certificates, built by hand
 * with forge.asn1 and passed to forge as a raw extension value:
 * - QcCompliance 0.4.0.1862.1.1 (ETSI EN 319 412-5 §4.2.1): an EU qualified certificate;
 * - QcType 0.4.0.1862.1.6 (§4.2.3): esign / eseal (QSealC) / web (QWAC);
 * - PSD2 0.4.0.19495.2 (ETSI TS 119 495 §5.1): PSD2QcType ::= SEQUENCE { rolesOfPSP SEQUENCE OF
 *   SEQUENCE { roleOfPspOid OID, roleOfPspName UTF8String }, nCAName UTF8String, nCAId UTF8String }.
 */
import forge from 'node-forge';
import { PSD2_QC_STATEMENT_OID, PSD2_ROLES, type Psd2Role } from './psd2-roles.js';

export const QC_STATEMENTS_OID = '1.3.6.1.5.5.7.1.3';
export const QC_COMPLIANCE_OID = '0.4.0.1862.1.1';
export const QC_TYPE_OID = '0.4.0.1862.1.6';
export const QC_TYPES = {
  esign: '0.4.0.1862.1.6.1',
  eseal: '0.4.0.1862.1.6.2',
  web: '0.4.0.1862.1.6.3',
} as const;
export type QcType = keyof typeof QC_TYPES;

export interface Psd2Statement {
  roles: readonly Psd2Role[];
  /** Name of the national competent authority, e.g. 'Finanstilsynet'. */
  ncaName: string;
  /** ETSI TS 119 495 §5.2.2: country code, '-', NCA identifier, e.g. 'NO-FSA'. */
  ncaId: string;
}

export interface QcStatementsInput {
  compliance?: boolean;
  types?: readonly QcType[];
  psd2?: Psd2Statement;
}

export interface DecodedPsd2Statement {
  roles: { oid: string; name: string }[];
  ncaName: string;
  ncaId: string;
}

export interface DecodedQcStatements {
  compliance: boolean;
  types: QcType[];
  psd2: DecodedPsd2Statement | undefined;
  /** Every statement id found, in order. */
  statementIds: string[];
}

const { asn1 } = forge;
const seq = (value: forge.asn1.Asn1[]): forge.asn1.Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
const oid = (dotted: string): forge.asn1.Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(dotted).getBytes());
const utf8 = (text: string): forge.asn1.Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, forge.util.encodeUtf8(text));

/** DER (binary string, forge's raw extension value form) of a QCStatements extension value. */
export function encodeQcStatements(input: QcStatementsInput): string {
  const statements: forge.asn1.Asn1[] = [];
  if (input.compliance ?? true) statements.push(seq([oid(QC_COMPLIANCE_OID)]));
  if (input.types?.length) {
    statements.push(seq([oid(QC_TYPE_OID), seq(input.types.map((type) => oid(QC_TYPES[type])))]));
  }
  if (input.psd2) {
    const { roles, ncaName, ncaId } = input.psd2;
    if (roles.length === 0) throw new Error('PSD2 QCStatement needs at least one role');
    if (!ncaName || !ncaId) throw new Error('PSD2 QCStatement needs NCAName and NCAId');
    statements.push(
      seq([
        oid(PSD2_QC_STATEMENT_OID),
        seq([
          seq(roles.map((role) => seq([oid(PSD2_ROLES[role]), utf8(role)]))),
          utf8(ncaName),
          utf8(ncaId),
        ]),
      ]),
    );
  }
  return asn1.toDer(seq(statements)).getBytes();
}

function children(node: forge.asn1.Asn1 | undefined, what: string): forge.asn1.Asn1[] {
  if (!node || !Array.isArray(node.value))
    throw new Error(`QCStatements: ${what} is not a SEQUENCE`);
  return node.value;
}

function text(node: forge.asn1.Asn1 | undefined, what: string): string {
  if (!node || typeof node.value !== 'string')
    throw new Error(`QCStatements: ${what} is not a string`);
  return node.type === asn1.Type.UTF8 ? forge.util.decodeUtf8(node.value) : node.value;
}

function oidOf(node: forge.asn1.Asn1 | undefined, what: string): string {
  if (!node || node.type !== asn1.Type.OID || typeof node.value !== 'string') {
    throw new Error(`QCStatements: ${what} is not an OBJECT IDENTIFIER`);
  }
  return asn1.derToOid(node.value);
}

/** Decodes a QCStatements extension value (DER). Throws on a malformed structure. */
export function decodeQcStatements(der: Buffer): DecodedQcStatements {
  const root = asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
  const result: DecodedQcStatements = {
    compliance: false,
    types: [],
    psd2: undefined,
    statementIds: [],
  };
  for (const statement of children(root, 'QCStatements')) {
    const [idNode, info] = children(statement, 'QCStatement');
    const id = oidOf(idNode, 'statementId');
    result.statementIds.push(id);
    if (id === QC_COMPLIANCE_OID) result.compliance = true;
    else if (id === QC_TYPE_OID) {
      for (const typeNode of children(info, 'QcType')) {
        const typeOid = oidOf(typeNode, 'QcType');
        const type = (Object.keys(QC_TYPES) as QcType[]).find((name) => QC_TYPES[name] === typeOid);
        if (type) result.types.push(type);
      }
    } else if (id === PSD2_QC_STATEMENT_OID) {
      const [rolesNode, ncaName, ncaId] = children(info, 'PSD2QcType');
      result.psd2 = {
        roles: children(rolesNode, 'RolesOfPSP').map((role) => {
          const [roleOid, roleName] = children(role, 'RoleOfPSP');
          return { oid: oidOf(roleOid, 'roleOfPspOid'), name: text(roleName, 'roleOfPspName') };
        }),
        ncaName: text(ncaName, 'NCAName'),
        ncaId: text(ncaId, 'NCAId'),
      };
    }
  }
  return result;
}
