/**
 * The one place a call from any host (Electron IPC, the web host's WebSocket, tests) enters main:
 * the name is checked against the contract, the arguments against the call's JSON Schema, and the
 * implementation's failures become typed errors. No host validates on its own.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  contract,
  type CallArgs,
  type CallName,
  type CallOutcome,
  type CallResult,
  type ContractError,
} from './contract/index.js';

/** What a service may throw to refuse a call with a message meant for the user. */
export class CallRefused extends Error {
  constructor(
    message: string,
    readonly details?: string[],
  ) {
    super(message);
    this.name = 'CallRefused';
  }
}

export type Implementation = {
  [N in CallName]: (args: CallArgs<N>) => Promise<CallResult<N>> | CallResult<N>;
};

export type Dispatch = (name: unknown, args: unknown) => Promise<CallOutcome>;

export function createDispatcher(implementation: Implementation): Dispatch {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  for (const [name, spec] of Object.entries(contract.calls)) {
    validators.set(name, ajv.compile(spec.args));
  }

  return async (name, args) => {
    if (typeof name !== 'string' || !Object.hasOwn(contract.calls, name)) {
      return refuse({
        code: 'UNKNOWN_CALL',
        message: `Unknown call ${JSON.stringify(String(name)).slice(0, 80)}: it is not in the contract.`,
      });
    }
    const validate = validators.get(name)!;
    if (!validate(args)) {
      return refuse({
        code: 'INVALID_ARGUMENTS',
        message: `Invalid arguments for ${name}.`,
        details: (validate.errors ?? []).map(
          (e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`,
        ),
      });
    }
    try {
      const run = implementation[name as CallName] as (a: unknown) => unknown;
      return { ok: true, result: await run(args) };
    } catch (error) {
      if (error instanceof CallRefused) {
        return refuse({
          code: 'FAILED',
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        });
      }
      // An unexpected failure is still answered, never thrown into the host.
      const message = error instanceof Error ? error.message : String(error);
      return refuse({ code: 'FAILED', message: `${name} failed: ${message}` });
    }
  };
}

function refuse(error: ContractError): CallOutcome {
  return { ok: false, error };
}
