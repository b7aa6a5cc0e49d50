/**
 * §9(2) "several values are separated by commas" in a mode where every fix is already the
 * default: what a fix does cannot show that the bank read the list, but the value an endpoint
 * requires can (§4.2.2: a payment initiation must list amount-as-string in x-accept-fix, after
 * its default date too). Listed second, the bank finds it only by parsing the list.
 */
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';
import { sendRefusedControl } from '../kit/controls.js';
import { createPayment, initiationRequest, paymentParty, sctBody } from '../kit/payments.js';

/** A fix name the bank knows (§9.2) that is not the one the initiation requires. */
const OTHER_FIX = 'longer-names';

export const commaListRequiredValue: Check = defineCheck({
  id: 'FIX-COMMA-LIST-FINDS-REQUIRED-VALUE',
  title: 'A payment initiation with x-accept-fix listing amount-as-string second is accepted',
  area: 'fixes',
  rules: ['FIX-ACCEPT-FIX-COMMA-LIST'],
  modes: ['sandbox', 'production'],
  async run(ctx) {
    const party = await paymentParty(ctx);
    // The control: without amount-as-string the bank must refuse the initiation, else it does
    // not read x-accept-fix at all and accepting the list below shows nothing.
    await sendRefusedControl(
      ctx,
      initiationRequest(sctBody(party), { headers: { 'x-accept-fix': OTHER_FIX } }),
      `the same initiation with x-accept-fix: ${OTHER_FIX} (no amount-as-string)`,
    );
    await createPayment(ctx, sctBody(party), {
      headers: { 'x-accept-fix': `${OTHER_FIX}, amount-as-string` },
      label: `x-accept-fix: ${OTHER_FIX}, amount-as-string`,
    });
  },
});
