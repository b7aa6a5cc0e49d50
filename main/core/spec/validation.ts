/**
 * Validation with the spec schemas: an Ajv instance that knows the workbench's code validators
 * (IBAN mod-97 as format `iban`, free text as format `free-text`, the §2.1 minor-unit rule as
 * keyword `x-psd2-amount`), and a
 * helper that turns Ajv errors into problems naming the field (for `tppMessages` `path`/`text`).
 * No Node-only imports: Ajv runs in the renderer too.
 */
import type { TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AMOUNT_KEYWORD, FREE_TEXT_FORMAT, IBAN_FORMAT } from './schemas/common.js';
import { isFreeText } from './validators/free-text.js';
import { isValidIban } from './validators/iban.js';
import { validateAmountString } from './validators/amount.js';

export interface SpecAjvOptions {
  /** Coerce strings to numbers/booleans (query parameters arrive as strings). */
  coerceTypes?: boolean;
}

/** An Ajv instance with formats and the spec's code validators registered. */
export function createSpecAjv(options: SpecAjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    coerceTypes: options.coerceTypes ?? false,
  });
  addFormats(ajv);
  ajv.addFormat(IBAN_FORMAT, { type: 'string', validate: isValidIban });
  ajv.addFormat(FREE_TEXT_FORMAT, { type: 'string', validate: isFreeText });
  ajv.addKeyword({
    keyword: AMOUNT_KEYWORD,
    type: 'object',
    schemaType: 'boolean',
    errors: true,
    validate: function checkAmount(
      enabled: boolean,
      data: Record<string, unknown>,
      _parent: unknown,
      dataContext?: { instancePath: string },
    ): boolean {
      if (!enabled || typeof data.amount !== 'string' || typeof data.currency !== 'string')
        return true; // structure errors are reported by the structural keywords
      const result = validateAmountString(data.amount, data.currency);
      if (result.ok) return true;
      (checkAmount as unknown as { errors: Partial<ErrorObject>[] }).errors = [
        {
          keyword: AMOUNT_KEYWORD,
          instancePath: `${dataContext?.instancePath ?? ''}/amount`,
          message: result.text,
          params: { rule: result.rule },
        },
      ];
      return false;
    },
  });
  return ajv;
}

export interface SchemaProblem {
  /** Dotted path of the offending field, e.g. `creditorAddress.country`, `[0].bookingDate`. */
  path: string;
  /** What is wrong, in words, without the path. */
  message: string;
  keyword: string;
}

export type SchemaCheck = { ok: true } | { ok: false; problems: SchemaProblem[] };

function pointerToPath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^[0-9]+$/.test(segment) ? `[${segment}]` : path === '' ? segment : `.${segment}`;
  }
  return path;
}

function joinPath(base: string, property: string): string {
  return base === '' ? property : `${base}.${property}`;
}

const ENUM_LIST_MAX = 8;

/** Readable problem for one Ajv error. */
export function describeAjvError(error: ErrorObject): SchemaProblem {
  const at = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        path: joinPath(at, String(params.missingProperty)),
        message: 'is required',
        keyword: 'required',
      };
    case 'additionalProperties':
      return {
        path: joinPath(at, String(params.additionalProperty)),
        message: 'is not an allowed property',
        keyword: 'additionalProperties',
      };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]) ?? [];
      const message =
        allowed.length <= ENUM_LIST_MAX
          ? `must be one of ${allowed.map(String).join(', ')}`
          : `must be one of the ${allowed.length} values the spec allows`;
      return { path: at, message, keyword: 'enum' };
    }
    case 'maxLength':
      return {
        path: at,
        message: `must have at most ${String(params.limit)} characters`,
        keyword: 'maxLength',
      };
    case 'minLength':
      return {
        path: at,
        message: `must have at least ${String(params.limit)} characters`,
        keyword: 'minLength',
      };
    case 'format':
      return {
        path: at,
        message:
          params.format === IBAN_FORMAT
            ? 'must be a valid ISO 13616 IBAN (country format and mod-97 check digits)'
            : params.format === FREE_TEXT_FORMAT
              ? 'must not contain control characters, bidirectional formatting characters or noncharacters'
              : `must be a valid ${String(params.format)}`,
        keyword: 'format',
      };
    default:
      return { path: at, message: error.message ?? 'is invalid', keyword: error.keyword };
  }
}

/** A problem as one line, e.g. `creditorName: must have at most 70 characters`. */
export function problemText(problem: SchemaProblem): string {
  return problem.path === '' ? `body ${problem.message}` : `${problem.path}: ${problem.message}`;
}

/** Validates with compiled validators cached per schema object. */
export class SpecValidator {
  private readonly compiled = new WeakMap<TSchema, ValidateFunction>();
  private readonly ajv: Ajv;

  constructor(options: SpecAjvOptions = {}) {
    this.ajv = createSpecAjv(options);
  }

  check(schema: TSchema, value: unknown): SchemaCheck {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    if (validate(value)) return { ok: true };
    return { ok: false, problems: (validate.errors ?? []).map(describeAjvError) };
  }
}
