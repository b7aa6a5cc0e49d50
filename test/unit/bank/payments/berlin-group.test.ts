/**
 * The project's payment and basket response schemas agree with Berlin Group 1.3.8
 * (docs/spec/berlin-group/psd2-api-1.3.8.openapi.yaml) except where the interface spec differs:
 * every property we define exists there with the same JSON type, and every property Berlin Group
 * requires is present (and required) here unless the spec says otherwise (listed below). The YAML
 * is read by a minimal reader (mappings, `- item` lists, block scalars skipped): no YAML package.
 */
import { berlinGroupOpenApiText } from '../../spec/specText.js';
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import {
  SCA_STATUSES,
  SIGNING_BASKET_TRANSACTION_STATUSES,
  PERIODIC_FREQUENCIES,
  TRANSACTION_STATUSES,
} from '../../../../main/core/spec/enums.js';
import {
  PaymentInitiationResponseSchema,
  PaymentStatusResponseSchema,
  PeriodicPaymentInitiationSchema,
  BulkPaymentInitiationSchema,
} from '../../../../main/core/spec/schemas/payments.js';
import {
  SigningBasketAuthorisationResponseSchema,
  SigningBasketCreatedSchema,
  SigningBasketSchema,
  SigningBasketStatusSchema,
} from '../../../../main/core/spec/schemas/signing-baskets.js';

interface YamlNode {
  value?: string;
  items: string[];
  children: Map<string, YamlNode>;
}

const node = (value?: string): YamlNode => ({
  ...(value ? { value } : {}),
  items: [],
  children: new Map(),
});
const unquote = (text: string) => text.trim().replace(/^["']|["']$/g, '');

/** Mappings and `- scalar` lists by indentation; comments and block scalars are skipped. */
function readYaml(text: string): YamlNode {
  const root = node();
  const stack: { indent: number; node: YamlNode }[] = [{ indent: -1, node: root }];
  let blockIndent: number | undefined;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (blockIndent !== undefined && indent > blockIndent) continue;
    blockIndent = undefined;
    while (stack.length > 1 && stack.at(-1)!.indent >= indent) stack.pop();
    const parent = stack.at(-1)!.node;
    if (trimmed.startsWith('- ')) {
      parent.items.push(unquote(trimmed.slice(2)));
      continue;
    }
    const match = /^("[^"]+"|[^:]+):\s*(.*)$/.exec(trimmed);
    if (!match) continue;
    const value = match[2]!.replace(/\s+#.*$/, '');
    const child = node(value === '' ? undefined : unquote(value));
    parent.children.set(unquote(match[1]!), child);
    if (/^[|>][-+]?$/.test(value)) blockIndent = indent;
    else stack.push({ indent, node: child });
  }
  return root;
}

const yaml = readYaml(berlinGroupOpenApiText);
const schemas = yaml.children.get('components')!.children.get('schemas')!;

function bgSchema(name: string): YamlNode {
  const schema = schemas.children.get(name);
  if (!schema) throw new Error(`Berlin Group has no schema ${name}`);
  return schema;
}

/** A property's JSON type, following `$ref` to its schema. */
function bgType(property: YamlNode): string | undefined {
  const ref = property.children.get('$ref')?.value;
  if (ref) return bgType(bgSchema(ref.replace('#/components/schemas/', '')));
  return property.children.get('type')?.value;
}

function bgEnum(name: string): string[] {
  return bgSchema(name).children.get('enum')?.items ?? [];
}

/** JSON type of one of our (TypeBox) property schemas. */
function ourType(schema: TSchema): string | undefined {
  return (schema as { type?: string }).type;
}

interface Comparison {
  ours: TSchema;
  berlinGroup: string;
  /** Berlin Group-required properties the spec makes optional or leaves out, with the reason. */
  specDiffers?: Record<string, string>;
}

const COMPARISONS: Comparison[] = [
  {
    ours: PaymentInitiationResponseSchema,
    berlinGroup: 'paymentInitationRequestResponse-201',
    specDiffers: { _links: '§2.3 lists _links as optional' },
  },
  {
    ours: SigningBasketAuthorisationResponseSchema,
    berlinGroup: 'startScaprocessResponse',
    specDiffers: {
      scaStatus: '§2.4 lists scaStatus as optional',
      _links: '§2.4 lists _links as optional',
      authorisationId: '§2.4 does not list authorisationId (the bank sends it anyway)',
    },
  },
  { ours: PaymentStatusResponseSchema, berlinGroup: 'paymentInitiationStatusResponse-200_json' },
  { ours: SigningBasketCreatedSchema, berlinGroup: 'signingBasketResponse-201' },
  { ours: SigningBasketSchema, berlinGroup: 'signingBasketResponse-200' },
  { ours: SigningBasketStatusSchema, berlinGroup: 'signingBasketStatusResponse-200' },
];

describe('response schemas agree with Berlin Group 1.3.8', () => {
  it.each(COMPARISONS)('$berlinGroup', ({ ours, berlinGroup, specDiffers = {} }) => {
    const bg = bgSchema(berlinGroup);
    const bgProperties = bg.children.get('properties')!.children;
    const bgRequired = bg.children.get('required')?.items ?? [];
    const ourProperties = (ours as unknown as { properties: Record<string, TSchema> }).properties;
    const ourRequired = (ours as { required?: string[] }).required ?? [];
    expect(bgProperties.size).toBeGreaterThan(0);
    for (const [name, schema] of Object.entries(ourProperties)) {
      const property = bgProperties.get(name);
      expect(property, `${name} exists in ${berlinGroup}`).toBeDefined();
      expect(ourType(schema), `${name}: JSON type`).toBe(bgType(property!));
    }
    for (const name of bgRequired) {
      if (specDiffers[name]) continue;
      expect(ourProperties, `${berlinGroup} requires ${name}`).toHaveProperty(name);
      expect(ourRequired, `${name} is required here too`).toContain(name);
    }
  });

  it('and the request bodies of bulk and periodic payments use its property names and types', () => {
    // §9(3) and §9(4) 1.18.1 name these; Berlin Group 1.3.8 defines them (remittance arrays
    // commented out in the bodies; monthsOfExecution only in its standing order details).
    const extras = [
      'remittanceInformationStructured',
      'remittanceInformationStructuredArray',
      'monthsOfExecution',
    ];
    for (const [ours, name] of [
      [PeriodicPaymentInitiationSchema, 'periodicPaymentInitiation_json'],
      [BulkPaymentInitiationSchema, 'bulkPaymentInitiation_json'],
    ] as const) {
      const bg = bgSchema(name).children.get('properties')!.children;
      for (const [property, schema] of Object.entries(ours.properties as Record<string, TSchema>)) {
        if (extras.includes(property)) continue; // §9(3): commented out in Berlin Group, used here
        expect(bg.has(property), `${name}.${property}`).toBe(true);
        expect(ourType(schema), `${name}.${property}`).toBe(bgType(bg.get(property)!));
      }
      for (const required of bgSchema(name).children.get('required')?.items ?? [])
        expect(
          (ours as { required?: string[] }).required,
          `${name} requires ${required}`,
        ).toContain(required);
    }
  });

  it('and its enumerations hold ours', () => {
    expect(bgEnum('transactionStatus')).toEqual(expect.arrayContaining([...TRANSACTION_STATUSES]));
    // §3.1 writes the SCA statuses in upper case (PSU_IDENTIFIED); Berlin Group in camel case.
    const camel = (status: string) =>
      status.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    expect(bgEnum('scaStatus')).toEqual(expect.arrayContaining(SCA_STATUSES.map(camel)));
    expect(bgSchema('monthsOfExecution').children.get('type')?.value).toBe('array');
    expect(bgEnum('transactionStatus_SBS').sort()).toEqual(
      [...SIGNING_BASKET_TRANSACTION_STATUSES].sort(),
    );
    expect(bgEnum('frequencyCode')).toEqual([...PERIODIC_FREQUENCIES]);
  });
});
