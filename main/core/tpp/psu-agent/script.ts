/**
 * The PSU's side of the SCA pages as a script says: which customer logs in, which context and
 * accounts to choose, and whether to confirm or cancel, filled into each page's form.
 */
import { findElement, type FormControl, type HtmlForm } from './html-forms.js';

export type PsuAgentStep = 'login' | 'code' | 'context' | 'consent' | 'authorise';

export interface AgentScript {
  nationalIdentityNumber: string;
  /** Context to choose when the bank asks; the agreement by its name on the page. */
  context?: 'PRIVATE' | { agreementName: string };
  /**
   * Consent screen: 'all' ticks everything; otherwise tick `grant`, untick `revoke` and leave the
   * rest as the bank preselected it. An account is named by its id, IBAN, masked PAN or name;
   * `revoke: ['*']` unticks every account not in `grant`, so the consent grants exactly `grant`
   * whatever the bank preselected (§1: accounts granted earlier are ticked already).
   */
  accounts?: { grant: string[]; revoke?: string[] } | 'all';
  /** On the last page (default confirm). */
  action?: 'confirm' | 'cancel';
  /** With action 'cancel': the page to cancel on (default: the last one). */
  cancelAt?: PsuAgentStep;
  /** Production login's one-time code: 'auto' reads the code "sent to the device" (default). */
  oneTimeCode?: 'auto' | string;
}

function matches(control: FormControl, wanted: string): boolean {
  const w = wanted.toLowerCase();
  const a = control.attributes;
  const candidates = [
    control.value,
    a['data-account-id'],
    a['data-iban'],
    a['data-masked-pan'],
    a['data-name'],
    a['data-label'],
    control.label,
  ];
  return candidates.some((c) => c !== undefined && c.toLowerCase() === w);
}

/** Fills the page's form for `script`; returns the submitter, or calls `fail` (it throws). */
export function fillStep(
  step: PsuAgentStep,
  form: HtmlForm,
  html: string,
  script: AgentScript,
  fail: (text: string) => never,
): FormControl {
  const named = (name: string) => form.controls.filter((c) => c.name === name);
  const button = (value: string) =>
    form.controls.find((c) => c.name === 'action' && c.value === value) ??
    fail(`the ${step} page has no '${value}' button`);
  const cancelHere =
    script.action === 'cancel' &&
    (script.cancelAt === step ||
      (script.cancelAt === undefined && (step === 'consent' || step === 'authorise')));
  if (cancelHere) return button('cancel');
  switch (step) {
    case 'login':
      for (const c of named('nationalIdentityNumber')) c.value = script.nationalIdentityNumber;
      return button('login');
    case 'code': {
      const code =
        script.oneTimeCode === undefined || script.oneTimeCode === 'auto'
          ? findElement(html, 'one-time-code-sent')?.text
          : script.oneTimeCode;
      if (code === undefined) fail('the code page shows no one-time code to read');
      for (const c of named('oneTimeCode')) c.value = code;
      return button('verify');
    }
    case 'context': {
      const wanted = script.context;
      if (wanted === undefined) fail('the bank asks for a context and the script names none');
      const options = named('context');
      const choice = options.find((o) =>
        wanted === 'PRIVATE' ? o.value === 'PRIVATE' : matches(o, wanted.agreementName),
      );
      if (!choice)
        fail(
          `context ${JSON.stringify(wanted)} is not offered; the page offers ${options
            .map((o) => o.attributes['data-label'] ?? o.value)
            .join(', ')}`,
        );
      for (const o of options) o.checked = o === choice;
      return button('choose');
    }
    case 'consent': {
      const boxes = named('account');
      const plan = script.accounts;
      if (plan === 'all') for (const box of boxes) box.checked = true;
      else if (plan) {
        const set = (wanted: string, checked: boolean) => {
          const box = boxes.find((b) => matches(b, wanted));
          if (!box)
            fail(
              `account '${wanted}' is not on the consent screen; it lists ${
                boxes.map((b) => b.attributes['data-name'] ?? b.value).join(', ') || 'nothing'
              }`,
            );
          box.checked = checked;
        };
        const revoke = plan.revoke ?? [];
        if (revoke.includes('*')) for (const box of boxes) box.checked = false;
        plan.grant.forEach((wanted) => set(wanted, true));
        revoke.filter((wanted) => wanted !== '*').forEach((wanted) => set(wanted, false));
      }
      return button(script.action === 'cancel' ? 'cancel' : 'confirm');
    }
    case 'authorise':
      return button(script.action === 'cancel' ? 'cancel' : 'confirm');
  }
}

export const PSU_AGENT_STEPS: readonly string[] = [
  'login',
  'code',
  'context',
  'consent',
  'authorise',
];
