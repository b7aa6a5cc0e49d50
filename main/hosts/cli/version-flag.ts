/**
 * The flags that ask for the version: answered by the entry before the command table loads, and
 * by the command table itself when it is run directly.
 */

/** The flags that ask for the version, and nothing else, as the first argument. */
export function asksForVersion(first: string | undefined): boolean {
  return first === '--version' || first === '-v';
}
