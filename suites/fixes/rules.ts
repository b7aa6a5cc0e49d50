/** Versioning and the x-accept-fix opt-in: §9 (the fix catalogue itself lives in main/core/spec). */
import { FIXES, FIX_NOTICE_PERIOD_MONTHS, type FixName } from '../../main/core/spec/fixes.js';
import {
  rulesOf,
  type RuleEntry,
  type RuleNeed,
  type SpecReference,
} from '../../main/core/runner/check-api/rule.js';

/** One rule per published fix; a fix added to the catalogue without a rule id fails to compile. */
const FIX_RULES: Readonly<
  Record<FixName, { id: string; needs: readonly RuleNeed[]; seeAlso?: readonly SpecReference[] }>
> = {
  'amount-as-string': { id: 'FIX-AMOUNT-AS-STRING', needs: ['psu-agent'], seeAlso: ['§9(4)'] },
  'cardaccount-switch-originalamount-and-transactionamount': {
    id: 'FIX-CARD-AMOUNTS-SWITCH',
    needs: ['psu-agent'],
    seeAlso: ['§2.5'],
  },
  'longer-names': { id: 'FIX-LONGER-NAMES', needs: ['psu-agent', 'sandbox-api'], seeAlso: ['§8'] },
  'cash-account-type-iso': { id: 'FIX-CASH-ACCOUNT-TYPE-ISO', needs: ['psu-agent'] },
};

const perFixRules: RuleEntry[] = FIXES.map((fix) => ({
  id: FIX_RULES[fix.name].id,
  section: '§9(2)',
  ...(FIX_RULES[fix.name].seeAlso ? { seeAlso: FIX_RULES[fix.name].seeAlso } : {}),
  statement: `x-accept-fix ${fix.name}: ${fix.effect}; introduced ${fix.introduced}, the default from ${fix.defaultFrom}.`,
  testable: true,
  needs: FIX_RULES[fix.name].needs,
}));

export const fixRules = rulesOf('fixes', [
  {
    id: 'FIX-V1-PREFIX',
    section: '§9(1)',
    statement: 'The path prefix /v1 marks the major version.',
    testable: true,
  },
  {
    id: 'FIX-NUMBERED-RELEASES',
    section: '§9(1)',
    statement: 'Behaviour changes ship in numbered API releases (latest listed: 1.21.25).',
    testable: false,
    reason: 'The interface exposes no release number to read.',
  },
  {
    id: 'FIX-ACCEPT-FIX-OPT-IN',
    section: '§9(2)',
    seeAlso: ['§4.1'],
    statement: 'The x-accept-fix header enables a published breaking change early.',
    testable: true,
  },
  {
    id: 'FIX-ACCEPT-FIX-COMMA-LIST',
    section: '§9(2)',
    seeAlso: ['§4.1'],
    statement: 'Several x-accept-fix values are separated by commas in one header.',
    testable: true,
  },
  {
    id: 'FIX-DEFAULT-AFTER-NOTICE',
    section: '§9(2)',
    statement: `After the notice period (${FIX_NOTICE_PERIOD_MONTHS} months) a fix becomes the default.`,
    testable: true,
    note: 'Observed through each fix\'s "default from" date (the FIX-* rules of the catalogue).',
  },
  {
    id: 'FIX-HEADER-REQUIRED-WHERE-LISTED',
    section: '§4.1',
    seeAlso: ['§4.2.1', '§4.2.2', '§4.2.3', '§9(2)'],
    statement:
      'x-accept-fix is required on the endpoints that list it, and amount-as-string is still required there after becoming the default.',
    testable: true,
  },
  ...perFixRules,
  {
    id: 'FIX-REMITTANCE-STRUCTURED-REMOVED',
    section: '§9(3)',
    statement:
      'The property remittanceInformationStructured in payment initiation (used to carry a KID) is removed on 05-Sep-2024 in favour of remittanceInformationStructuredArray.',
    testable: true,
    note: 'How a request that still sends the property is answered is not shown.',
  },
]);
