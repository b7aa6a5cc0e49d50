/**
 * The vocabulary of a bank's events outside its requests (main/core/bank/log/console-events.ts): what
 * kind of thing was done to the bank, and by whom. The bank records them, the contract carries
 * them to the request log view and the sequence diagram; one list for all three.
 */

export type ConsoleEventKind =
  | 'revoke-consent'
  | 'revoke-grant'
  | 'card-account-status'
  | 'payment-permission'
  | 'batch-run'
  | 'reset'
  | 'snapshot-import'
  | 'behaviour'
  | 'registry'
  | 'trust-store'
  | 'lifecycle'
  | 'plan'
  | 'clock';

/**
 * Who acted: the PSU at the bank (a revocation is the PSU's, §1), or the bank's operator (what a
 * bank does on its own: block a card, run its batch, move its clock).
 */
export type ConsoleActor = 'psu' | 'bank';
