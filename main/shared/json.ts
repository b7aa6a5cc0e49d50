/** JSON as it travels: what `expected`/`actual`, request bodies and parsed responses are made of. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
