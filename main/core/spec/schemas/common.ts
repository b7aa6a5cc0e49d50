/**
 * Building blocks for the spec's JSON Schemas (TypeBox: each value is a JSON Schema and carries
 * its static TypeScript type). Blocks carry no `$id`; only published schemas do (see `publish`),
 * so a block can be embedded in many schemas without clashing identifiers. Pure data.
 */
import {
  CloneType,
  Type,
  type SchemaOptions,
  type StringOptions,
  type TSchema,
} from '@sinclair/typebox';
import { COUNTRIES } from '../countries.js';
import { CURRENCIES } from '../currencies.js';
import { INT32_MAX, INT32_MIN } from '../limits.js';

/** Base of every published schema `$id`. `.invalid` (RFC 2606): an identifier, never fetched. */
export const SCHEMA_ID_BASE = 'https://psd2-workbench.invalid/schemas/';

export function schemaId(name: string): string {
  return `${SCHEMA_ID_BASE}${name}.json`;
}

/**
 * Custom keyword on production Amount objects: the minor-unit rule (§2.1) is a code validator
 * (`validateAmountString`), run by the workbench's Ajv (`../validation`). Editors ignore it.
 */
export const AMOUNT_KEYWORD = 'x-psd2-amount';

/** Format name of ISO 13616 IBANs; `../validation` registers the mod-97 code validator for it. */
export const IBAN_FORMAT = 'iban';

/**
 * Format name of free text a PSU may read (§1); `../validation` registers the code validator
 * (`validators/free-text.ts`: no control, bidirectional formatting or noncharacters).
 */
export const FREE_TEXT_FORMAT = 'free-text';

/** A free-text string (`FREE_TEXT_FORMAT`). */
export function FreeText(options: StringOptions = {}) {
  return Type.String({ format: FREE_TEXT_FORMAT, ...options });
}

/** A string enumeration as a plain `enum` (OpenAPI 3.0 and Monaco friendly; no `const`/`anyOf`). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: SchemaOptions = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export function Int32(options: SchemaOptions = {}) {
  return Type.Integer({ format: 'int32', minimum: INT32_MIN, maximum: INT32_MAX, ...options });
}

/** §1: ISO 8601 date `YYYY-MM-DD`. */
export function IsoDate(options: SchemaOptions = {}) {
  return Type.String({ format: 'date', ...options });
}

/**
 * §1: payload dates are ISO 8601 date or date-time. Used where §2.6 says only "string" for a date
 * field, so both forms pass and nothing else does.
 */
export function IsoDateOrDateTime(options: SchemaOptions = {}) {
  return Type.String({
    pattern:
      '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2}))?$',
    ...options,
  });
}

/**
 * §2.6 / Berlin Group `maskedPan` (string, at most 35): what the bank accepts (decisions.md
 * "Amounts and identities"). 4 to 6 leading digits, then `*`, `X` or `x` masking, then the last 4 digits; 12
 * to 19 characters in all (ISO/IEC 7812 PAN lengths). `525412******3241` and the Berlin Group
 * example `123456xxxxxx1234` pass. Only digits and `*`/`X`/`x`, so a masked PAN is safe as a path
 * segment as it stands (RFC 3986 `pchar`).
 */
export const MASKED_PAN = /^(?=.{12,19}$)[0-9]{4,6}[*Xx]+[0-9]{4}$/;

/** A masked PAN as the bank accepts it (`MASKED_PAN`). */
export function MaskedPan(options: SchemaOptions = {}) {
  return Type.String({ pattern: MASKED_PAN.source, ...options });
}

/** §2.1 Currency (ISOCurrencyCode). */
export const CurrencyBlock = StringEnum(CURRENCIES, {
  description: 'ISO 4217 alphabetic code from the §2.1 list.',
});

/** §2.1 Country (ISOCountryCode), at most 2 characters. */
export const CountryBlock = StringEnum(COUNTRIES, {
  description: 'ISO 3166-1 alpha-2 code from the §2.1 list.',
  maxLength: 2,
});

/** Clone `schema` as a published schema: `$id`, `title`, and a description citing its section. */
export function publish<T extends TSchema>(
  name: string,
  section: string,
  description: string,
  schema: T,
): T {
  return CloneType(schema, {
    $id: schemaId(name),
    title: name,
    description: `${section} ${description}`,
  });
}
