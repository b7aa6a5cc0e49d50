/**
 * An OpenAPI document's text, JSON or YAML, as parsed data. The Berlin Group publishes its 1.3.8
 * definition as YAML (docs/spec/berlin-group/); banks serve `/openapi.json`. YAML is read with the
 * `yaml` package (YAML 1.2, the version OpenAPI 3 names), never by hand. Pure.
 */
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { parsedJson } from './json-file.js';
import { CollectionFormatError } from './model.js';

/** The document a text holds: JSON when it starts like JSON, YAML otherwise. */
export function parsedOpenApiDocument(text: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(body)) return parsedJson(body, 'The OpenAPI document');
  try {
    // maxAliasCount bounds alias expansion ("billion laughs"); one document per file.
    return parseYaml(body, { maxAliasCount: 1000, prettyErrors: true });
  } catch (error) {
    const where =
      error instanceof YAMLParseError && error.linePos
        ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`
        : '';
    const reason = (error as Error).message.split('\n')[0];
    throw new CollectionFormatError(
      `The OpenAPI document is neither JSON nor YAML${where}: ${reason}`,
    );
  }
}
