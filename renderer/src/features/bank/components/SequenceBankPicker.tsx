import type { SequenceBank, SequenceSince } from '../sequence';

const BANK_LABELS: Record<SequenceBank, string> = {
  both: 'Both banks',
  sandbox: 'Sandbox',
  production: 'Production',
};

/** The bank's lane named after the bank shown: the sandbox and production are two banks. */
export function bankLaneTitle(bank: SequenceBank): string {
  return bank === 'both' ? 'Bank (sandbox + production)' : `Bank (${bank})`;
}

/** Where the diagram starts, named for the bank shown: one bank's reset is not the other's. */
export function sinceLabels(bank: SequenceBank): Record<SequenceSince, string> {
  return {
    recent: 'Last 40 exchanges',
    reset:
      bank === 'both' ? "Since either bank's last reset" : `Since the ${bank} bank's last reset`,
    flow: 'Since this flow started (TPP session)',
  };
}

/** Which embedded bank's exchanges and events the diagram shows. */
export function SequenceBankPicker({
  bank,
  onChange,
}: {
  bank: SequenceBank;
  onChange: (bank: SequenceBank) => void;
}) {
  return (
    <label className="inline-field">
      <span>Bank</span>
      <select
        data-testid="sequence-bank"
        value={bank}
        onChange={(e) => onChange(e.target.value as SequenceBank)}
      >
        {Object.entries(BANK_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
