/**
 * An example JSON value for a schema: what the composer puts in the body editor when an endpoint
 * is chosen. Required properties (and optional scalars) with values that fit their type, format,
 * enum and length; Norwegian defaults where the spec's lists allow (NOK, NO). A starting point for
 * the user, not test data: the bank's validation stays the judge.
 */
import { EXAMPLE_PAYMENT_ACCOUNTS } from '../../../core/bank/index.js';

export type SchemaNode = Record<string, unknown> & {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  enum?: unknown[];
  format?: string;
  description?: string;
};

export interface ExampleOptions {
  /** YYYY-MM-DD for date fields (the bank clock's day). */
  today: string;
}

const PREFERRED_ENUM_VALUES = ['NOK', 'NO', 'booked', 'PRIVATE', 'closingBooked', 'enabled'];
const EXAMPLE_UUID = '3f1c9a52-8d2e-4b7a-9c1e-5a6b7c8d9e0f';
/** A Norwegian IBAN with valid mod-97 and mod-11 check digits (the ISO 13616 example account). */
const EXAMPLE_IBAN = 'NO9386011117947';

const EXAMPLE_STRINGS: Readonly<Record<string, string>> = {
  currency: 'NOK',
  country: 'NO',
  iban: EXAMPLE_IBAN,
  bban: '86011117947',
  creditorName: 'Ola Nordmann',
  name: 'Ola Nordmann',
  endToEndIdentification: 'E2E-0001',
  remittanceInformationUnstructured: 'Invoice 1001',
  maskedPan: '123456******1234',
  city: 'Oslo',
  street: 'Karl Johans gate',
  postalCode: '0154',
};

function fitLength(value: string, schema: SchemaNode): string {
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  let text = max !== undefined ? value.slice(0, max) : value;
  while (text.length < min) text += 'x';
  return text;
}

function exampleString(schema: SchemaNode, name: string | undefined, options: ExampleOptions) {
  switch (schema.format) {
    case 'date':
      return options.today;
    case 'date-time':
      return `${options.today}T10:00:00+00:00`;
    case 'uuid':
      return EXAMPLE_UUID;
    case 'iban':
      return EXAMPLE_IBAN;
  }
  const byName = name ? EXAMPLE_STRINGS[name] : undefined;
  const plain = fitLength(byName ?? (name ? `${name}-1` : 'text'), schema);
  if (typeof schema.pattern !== 'string') return plain;
  // A pattern: the first of a few common shapes that it accepts (amounts, dates, months, codes).
  const pattern = new RegExp(schema.pattern, 'u');
  const candidates = [
    plain,
    '100.00', // a decimal amount (§2.1); two decimals fit NOK
    options.today,
    `${options.today}T10:00:00+00:00`,
    options.today.slice(0, 7),
    `12/${options.today.slice(2, 4)}`,
    'ABCD',
    '1234',
    '12345678901',
  ];
  return candidates.find((candidate) => pattern.test(candidate)) ?? plain;
}

function exampleNumber(schema: SchemaNode, name: string | undefined): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = name === 'amount' ? 10000 : 1;
  if (minimum !== undefined && value < minimum) value = minimum;
  if (maximum !== undefined && value > maximum) value = maximum;
  return value;
}

/** The party a payment's account reference names, to take its IBAN from the bank's own data. */
const PARTY_OF: Readonly<Record<string, keyof typeof EXAMPLE_PAYMENT_ACCOUNTS>> = {
  debtorAccount: 'debtor',
  creditorAccount: 'creditor',
};

/**
 * A debtor's or creditor's account reference with an IBAN the embedded bank holds (its initial
 * data, both modes), so a payment template sent as shipped is one the bank can execute.
 */
function withBankAccount(property: string, example: unknown): unknown {
  const party = PARTY_OF[property];
  if (!party || typeof example !== 'object' || example === null || !('iban' in example))
    return example;
  return { ...example, iban: EXAMPLE_PAYMENT_ACCOUNTS[party] };
}

export function exampleOf(
  schema: SchemaNode,
  options: ExampleOptions,
  name?: string,
  depth = 0,
): unknown {
  if (depth > 8) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return (
      schema.enum.find((value) => PREFERRED_ENUM_VALUES.includes(String(value))) ?? schema.enum[0]
    );
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const alternatives = schema[key];
    if (Array.isArray(alternatives) && alternatives.length > 0) {
      return exampleOf(alternatives[0] as SchemaNode, options, name, depth + 1);
    }
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      const value: Record<string, unknown> = {};
      for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
        const scalar = !['object', 'array'].includes(String(propertySchema.type));
        if (required.has(property) || (scalar && depth === 0)) {
          value[property] = withBankAccount(
            property,
            exampleOf(propertySchema, options, property, depth + 1),
          );
        }
      }
      return value;
    }
    case 'array': {
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      const items = schema.items ?? {};
      return Array.from({ length: count }, () => exampleOf(items, options, name, depth + 1));
    }
    case 'string':
      return exampleString(schema, name, options);
    case 'integer':
    case 'number':
      return exampleNumber(schema, name);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}
