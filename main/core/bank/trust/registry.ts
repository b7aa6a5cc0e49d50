/**
 * The TPP registry (§1 "registered for that role"): which
 * organisation may act as AISP and/or PISP. Plain data with add/remove/list, loadable from JSON.
 */
import { Type, type Static } from '@sinclair/typebox';
import { TPP_ROLES, type TppRole } from '../../spec/enums.js';
import { StringEnum } from '../../spec/schemas/common.js';
import { SpecValidator, problemText } from '../../spec/validation.js';

export const RegistryEntrySchema = Type.Object(
  {
    /** The certificate subject's organizationIdentifier (OID 2.5.4.97), e.g. `PSDNO-FSA-123456789`.
     * */
    organizationIdentifier: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    roles: Type.Array(StringEnum(TPP_ROLES), { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type RegistryEntry = Static<typeof RegistryEntrySchema>;

const RegistryFileSchema = Type.Array(RegistryEntrySchema);
const validator = new SpecValidator();

export class TppRegistry {
  private readonly entries = new Map<string, RegistryEntry>();

  constructor(entries: Iterable<RegistryEntry> = []) {
    for (const entry of entries) this.add(entry);
  }

  /** Adds or replaces the entry for its organizationIdentifier. */
  add(entry: RegistryEntry): void {
    const check = validator.check(RegistryEntrySchema, entry);
    if (!check.ok) throw new Error(`registry entry: ${check.problems.map(problemText).join('; ')}`);
    this.entries.set(entry.organizationIdentifier, { ...entry, roles: [...entry.roles] });
  }

  remove(organizationIdentifier: string): boolean {
    return this.entries.delete(organizationIdentifier);
  }

  get(organizationIdentifier: string): RegistryEntry | undefined {
    return this.entries.get(organizationIdentifier);
  }

  list(): RegistryEntry[] {
    return [...this.entries.values()];
  }

  isRegisteredFor(organizationIdentifier: string, role: TppRole): boolean {
    return this.entries.get(organizationIdentifier)?.roles.includes(role) ?? false;
  }
}

/** Parses a registry file: a JSON array of { organizationIdentifier, name, roles }. */
export function parseRegistryJson(text: string): RegistryEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`registry is not valid JSON: ${(error as Error).message}`);
  }
  const check = validator.check(RegistryFileSchema, value);
  if (!check.ok)
    throw new Error(
      `registry is invalid: ${check.problems.slice(0, 5).map(problemText).join('; ')}`,
    );
  return value as RegistryEntry[];
}
