/**
 * The environment every target's variables start in (docs/variables.md): the composer captures
 * into it and a run records it until the user adds and picks another.
 */
export const DEFAULT_ENVIRONMENT = 'default';

/** What `{{name}}` names: a letter, then letters, digits, `_` or `-`. */
export const VARIABLE_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
