/**
 * Every failed call is shown with what went wrong and what to do. Main's messages already say
 * both where main knows; this adds the step for the contract-level codes. Pure.
 */
import type { ContractError } from '../../../main/api/contract';

export interface ProblemText {
  what: string;
  details: string[];
  todo?: string;
}

const TODO: Record<ContractError['code'], string | undefined> = {
  INVALID_ARGUMENTS: 'Correct the fields named above and try again.',
  FORBIDDEN: 'Open the workbench from the exact URL `npm run web` printed (it carries the token).',
  UNKNOWN_CALL: 'The page and the workbench differ in version: reload the page.',
  FAILED: undefined,
};

/** An ApiError (duck-typed: `error` carries the contract's error) or any other failure. */
export function problemOf(error: unknown): ProblemText {
  const contractError = (error as { error?: ContractError } | null)?.error;
  if (contractError && typeof contractError.code === 'string') {
    const todo = TODO[contractError.code];
    return {
      what: contractError.message,
      details: contractError.details ?? [],
      ...(todo ? { todo } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { what: message, details: [] };
}
