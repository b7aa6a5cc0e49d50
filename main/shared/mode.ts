/**
 * The two environments a bank runs in (§1): the sandbox, with mocked identities and the sandbox
 * management API, and production. The embedded bank runs in one, a real bank is one, a check
 * applies to one or both, a target profile names one. The one definition: core, contract and
 * renderer all read it.
 */
import { Type } from '@sinclair/typebox';

export const BANK_MODES = ['sandbox', 'production'] as const;
export type BankMode = (typeof BANK_MODES)[number];

/** A mode as the contract's and the result file's JSON Schemas state it. */
export const BankModeSchema = Type.Union(BANK_MODES.map((mode) => Type.Literal(mode)));
