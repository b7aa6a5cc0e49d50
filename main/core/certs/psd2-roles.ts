/**
 * PSD2 roles of a payment service provider in an eIDAS certificate (ETSI TS 119 495 §5.1,
 * `id-psd2-role-psp-*`), with the role names the QCStatement carries.
 */
export const PSD2_ROLES = {
  PSP_AS: '0.4.0.19495.1.1', // account servicing (the bank)
  PSP_PI: '0.4.0.19495.1.2', // payment initiation (PISP)
  PSP_AI: '0.4.0.19495.1.3', // account information (AISP)
  PSP_IC: '0.4.0.19495.1.4', // issuing of card-based payment instruments
} as const;

export type Psd2Role = keyof typeof PSD2_ROLES;

export const PSD2_ROLE_NAMES = Object.keys(PSD2_ROLES) as Psd2Role[];

export function psd2RoleOfOid(oid: string): Psd2Role | undefined {
  return PSD2_ROLE_NAMES.find((role) => PSD2_ROLES[role] === oid);
}

/** OID of the PSD2 QCStatement (ETSI TS 119 495 §5.1, id-etsi-psd2-qcStatement). */
export const PSD2_QC_STATEMENT_OID = '0.4.0.19495.2';
