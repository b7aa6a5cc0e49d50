/**
 * The published JSON Schema of the target profile (docs/schemas/target-profile.schema.json), made
 * from the TypeBox declaration so the two cannot differ; a unit test compares the file with this.
 */
import { TargetProfileSchema } from './schema.js';

export function targetProfileJsonSchema(): Record<string, unknown> {
  // JSON round trip: TypeBox's symbol-keyed metadata is not part of the schema.
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...(JSON.parse(JSON.stringify(TargetProfileSchema)) as Record<string, unknown>),
  };
}

export function targetProfileJsonSchemaText(): string {
  return JSON.stringify(targetProfileJsonSchema(), null, 2) + '\n';
}
