/**
 * The environment every target's variables start in (docs/variables.md): the composer captures
 * into it and a run records it until the user adds and picks another.
 */
export const DEFAULT_ENVIRONMENT = 'default';
