/**
 * The TPP-side rules: what the interface spec asks of the client, as the bank
 * judges every request it receives in its TPP conformance report
 * (main/core/bank/log/tpp-findings/).
 * One source: the bank's recorder names these ids, the report renders these sections and
 * statements. `catalogue` names the rule catalogue's ids (suites/<area>/rules.ts) that state the
 * same obligation from the bank's side; a unit test keeps those references real (the bank may not
 * import the catalogue, so the list lives here, in the foundation layer). A catalogue rule no check
 * of a bank can observe is covered of the client through this list (`workbench rules`: client).
 */
import type { RuleId } from '../../shared/rule-ids.js';

export interface TppRule {
  /** Stable id: `TPP-` then upper-case words joined by hyphens. */
  id: string;
  /** The spec section that states it (`§…` or `decisions.md#…`). */
  section: string;
  /** Short title for report rows. */
  title: string;
  /** The statement, in the spec's words where it has them. */
  statement: string;
  /** Catalogue rules stating the same obligation from the bank's side. */
  catalogue: readonly RuleId[];
  /**
   * 'plan': an obligation no request shows (the TPP's web domain, say), judged only by a plan
   * module that looks beyond the exchanges; the TPP report over every request leaves it out.
   */
  judgedBy?: 'plan';
}

export const TPP_RULES = [
  {
    id: 'TPP-HEADERS-REQUIRED',
    section: '§4.1',
    title: 'Sends every header the endpoint requires',
    statement:
      'Each endpoint lists the headers it requires (§4.2, §4.3); x-accept-fix carries the fix the endpoint names (§9).',
    catalogue: ['HDR-CARD-TRANSACTIONS-REQUIRED', 'HDR-PAYMENT-REQUIRED', 'HDR-SANDBOX-REQUIRED'],
  },
  {
    id: 'TPP-HEADERS-FORMAT',
    section: '§4.1',
    title: 'Header values have the form §4.1 gives them',
    statement:
      'X-Request-ID in UUID form, PSU-ID a UUID, PSU-Context PRIVATE or CORPORATE, each header sent once.',
    catalogue: ['HDR-X-REQUEST-ID-UUID', 'HDR-PSU-ID-UUID'],
  },
  {
    id: 'TPP-X-REQUEST-ID-UNIQUE',
    section: '§4.1',
    title: 'A new X-Request-ID on every call',
    statement:
      'X-Request-ID is a request identifier unique per call, chosen by the TPP: a call repeated (a retry included) is a new call with a new id.',
    catalogue: ['HDR-X-REQUEST-ID-UNIQUE'],
  },
  {
    id: 'TPP-REDIRECT-URI',
    section: '§5.3(2)',
    title: 'Sends TPP-Redirect-URI',
    statement:
      'TPP-Redirect-URI is required on requests, since the TPP cannot know in advance whether SCA will be needed.',
    catalogue: ['HDR-TPP-REDIRECT-URI-REQUIRED'],
  },
  {
    id: 'TPP-SIGN-REQUEST',
    section: '§5.2(1)',
    title: 'Signs every request with a readable Signature and certificate',
    statement:
      'The TPP signs every API request; its certificate travels in TPP-Signature-Certificate; the Signature header has keyId, algorithm (rsa-sha256), headers and signature.',
    catalogue: [
      'SIGN-TPP-SIGNS-EVERY-REQUEST',
      'SIGN-CERTIFICATE-HEADER',
      'SIGN-HEADER-FOUR-PARTS',
    ],
  },
  {
    id: 'TPP-SIGN-HEADERS',
    section: '§5.2(4)',
    title: 'Signs the headers §5.2(4) names',
    statement:
      'Headers to include when the request carries them: date, digest, x-request-id, psu-id, psu-corporate-id, tpp-redirect-uri. A header absent from the request is left out of the signature.',
    catalogue: ['SIGN-ABSENT-HEADER-LEFT-OUT'],
  },
  {
    id: 'TPP-SIGN-DIGEST',
    section: '§5.2(2)',
    title: 'Sends a Digest of the exact body',
    statement:
      'A Digest header carries the body hash (SHA-256 or SHA-512 over the exact body bytes) for requests with a body.',
    catalogue: ['SIGN-DIGEST-WITH-BODY', 'SIGN-DIGEST-EXACT-BODY'],
  },
  {
    id: 'TPP-SIGN-KEYID',
    section: '§5.2(3)',
    title: 'keyId names the signing certificate',
    statement:
      'keyId is SN=<serial in upper-case hexadecimal>,CA=<issuer DN in RFC 2253 form> of the certificate in TPP-Signature-Certificate.',
    catalogue: ['SIGN-KEYID-FORMAT', 'SIGN-KEYID-MATCHES-CERTIFICATE'],
  },
  {
    id: 'TPP-SIGN-STRING',
    section: '§5.2(5)',
    title: 'Signs the §5.2(5) signing string',
    statement:
      'For each header in the headers order, the lower-case name, a colon, a space and the value, separated by a newline; RSA-SHA256 over it.',
    catalogue: ['SIGN-SIGNING-STRING', 'SIGN-VERIFIED-IN-LISTED-ORDER'],
  },
  {
    id: 'TPP-PSU-ID',
    section: '§5.3(8)',
    title: 'Sends the PSU-ID the bank gave',
    statement:
      'The PSU-ID is given in the redirect after SCA and must be stored by the TPP and sent on later requests; endpoints that need a PSU require it.',
    catalogue: ['SCA-PSU-ID-STORED-BY-TPP'],
  },
  {
    id: 'TPP-PSU-CORPORATE-ID',
    section: '§5.3(8)',
    title: 'Sends PSU-Corporate-ID in corporate context',
    statement:
      'For corporate context, PSU-Corporate-ID is sent as well, with the value the bank gave (§6.1, §7.3).',
    catalogue: ['CORP-MISSING-CORPORATE-ID-400', 'CORP-BOTH-IDS-AFTER-SCA'],
  },
  {
    id: 'TPP-PAGING-NEXT-LINK',
    section: '§4.2.3',
    title: 'Follows next links instead of computing offsets',
    statement:
      'Following the next and previous links is preferred over computing offsets: a page after the first is read through a link the bank gave.',
    catalogue: ['CARDTX-PAGING-LINKS', 'CARDTX-LINKS-PREFERRED'],
  },
  {
    id: 'TPP-PSU-IP-BUDGET',
    section: '§8',
    title: 'Stays within the calls without PSU-IP-Address',
    statement:
      'Card account transactions reads without PSU-IP-Address: 4 per day, and the PSU consent may be at most 180 days old.',
    catalogue: ['LIMIT-NO-PSU-IP-4-PER-DAY', 'LIMIT-NO-PSU-IP-CONSENT-180D'],
  },
  {
    id: 'TPP-NEW-CONSENT-AFTER-REFUSAL',
    section: '§1',
    title: 'Asks for a new consent once the bank refuses the old one',
    statement:
      'The PSU may revoke consent at any time directly with the bank, which need not tell the TPP; a read refused with CONSENT_INVALID or CONSENT_EXPIRED (§7) is not repeated on the same consent: the TPP asks the PSU for a new one (POST /v1/consents).',
    catalogue: ['CONSENT-REVOKED-WITH-BANK'],
  },
  {
    id: 'TPP-SCA-REDIRECT',
    section: '§5.3(1)',
    title: 'Sends the PSU to scaRedirect before calling again',
    statement:
      'A request needing SCA is answered with an scaRedirect link; the TPP redirects the PSU there, and repeats the call only after the SCA. Its SCA expired (§3.4: 1 hour), a call is refused with a new scaRedirect: the TPP inspects the answer for it (§3.1) and starts a new SCA.',
    catalogue: ['SCA-REDIRECT-LINK', 'SCA-TPP-INSPECTS-REDIRECT'],
  },
  {
    id: 'TPP-PAYMENT-STATUS-POLLING',
    section: '§3.2',
    title: 'Polls a payment’s status at a sane rate and stops at a final status',
    statement:
      'The status of a payment is read with GET …/{paymentId}/status (§3.2). The spec gives no rate; the workbench’s stated bound (docs/tpp-plans.md): at most one read of a payment per second, and none after the bank answered a final status (ACSC, PART, RJCT, CANC).',
    catalogue: [],
  },
  {
    id: 'TPP-SCA-LINK-NOT-REPLAYED',
    section: '§5.3(1)',
    title: 'Never sends the PSU to a used scaRedirect again',
    statement:
      'The scaRedirect link leads to the SCA of one request; once the PSU completed or cancelled it (or one browser took it), the TPP starts a new request for a new link instead of opening the used one again.',
    catalogue: [],
  },
  {
    id: 'TPP-ACCESS-EXCEEDED-BACKOFF',
    section: '§8',
    title: 'Waits for Retry-After after 429 ACCESS_EXCEEDED',
    statement:
      'Card account transactions reads without PSU-IP-Address are limited (4 a day); once the bank answers 429 ACCESS_EXCEEDED with Retry-After, the TPP sends no request to that resource before the time Retry-After gives (no retry storm).',
    // The catalogue states the limit the bank keeps (LIMIT-NO-PSU-IP-4-PER-DAY, judged for the
    // client by TPP-PSU-IP-BUDGET), not how a client answers a refusal of it.
    catalogue: [],
  },
  {
    id: 'TPP-SYSTEM-ERROR-BACKOFF',
    section: '§7',
    title: 'Backs off after SYSTEM_ERROR with Retry-After',
    statement:
      'A 500 or 503 SYSTEM_ERROR with Retry-After says the bank cannot serve now: the TPP sends no request to that resource before the time Retry-After gives, then sends it again.',
    // ERR-STATUS-500 is the bank's obligation, not the client's: SYSTEM_ERROR with 500 (503 for
    // now, decisions.md "Errors"). The bank is judged on it by the run, on every answer that is 500
    // or SYSTEM_ERROR; what a client does with such an answer states no mapping, so no catalogue
    // rule here (the plan's scripted 503 shows nothing of a bank's own mapping either).
    catalogue: [],
  },
  {
    id: 'TPP-RESPONSE-SIGNATURE-CHECKED',
    section: '§5.2(7)',
    title: 'Does not use what a badly signed answer carried',
    statement:
      'The bank may sign response bodies; the TPP should verify such signatures: the consentId of a POST /v1/consents answer whose signature does not verify is never used; the TPP asks for a new consent.',
    catalogue: ['SIGN-RESPONSE-SIGNATURE'],
  },
  {
    id: 'TPP-PAYMENT-REFUSAL-FINAL',
    section: '§1',
    title: 'Takes the bank’s refusal of a payment from an account as final',
    statement:
      'The bank may remove payment permission on an account even while the account remains visible in account information: the TPP does not infer from AIS that an account can pay, and once the bank refused a payment because the PSU may not pay from its debtor account (§6.2 PAYMENT_FAILED, §7.4), it does not send the same initiation (same debtor, creditor and amount) again.',
    catalogue: ['CONSENT-PAYMENT-PERMISSION-REMOVABLE'],
  },
  {
    id: 'TPP-SCA-EXEMPTION-HONOURED',
    section: '§3.1',
    title: 'Takes a payment answered without scaRedirect as exempted, not as broken',
    statement:
      'The bank may exempt a transaction from SCA (§3.1): a payment initiation answered 201 without an scaRedirect link is created and needs no SCA. The TPP reads that payment (its status) and neither initiates the same payment again (same debtor, creditor and amount, without allowLogicalDuplicate) nor asks for an SCA of it (POST …/{paymentId}/authorisations).',
    catalogue: ['SCA-RISK-BASED'],
  },
  {
    id: 'TPP-APP-SITE-BINDINGS',
    section: '§5.3(6)',
    title: 'Publishes the app-site bindings for the redirect URI’s domain',
    statement:
      'The TPP must publish the needed application-site bindings for the domain of the redirect URI: at the origin of TPP-Redirect-URI, over https and with no redirect, a JSON file that binds an app to the redirect URI’s path (/.well-known/apple-app-site-association, /.well-known/assetlinks.json).',
    catalogue: ['SCA-APP-LINKING-SITE-BINDINGS'],
    judgedBy: 'plan',
  },
] as const satisfies readonly TppRule[];

export type TppRuleId = (typeof TPP_RULES)[number]['id'];

const BY_ID: ReadonlyMap<string, TppRule> = new Map(TPP_RULES.map((rule) => [rule.id, rule]));

export function tppRule(id: string): TppRule | undefined {
  return BY_ID.get(id);
}
