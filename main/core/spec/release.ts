/** Which spec the workbench implements: the documents and releases its rules are taken from. */

/** The interface specification the rules are taken from (the catalogue cites its sections). */
export const SPEC_DOCUMENT = 'docs/spec/interface-spec.md';

/** §9: "latest listed" numbered API release of the bank the spec documents. */
export const API_RELEASE = '1.21.25';

/** The Berlin Group NextGenPSD2 OpenAPI the spec follows where it has no shape of its own. */
export const BERLIN_GROUP_OPENAPI_VERSION = '1.3.8';
