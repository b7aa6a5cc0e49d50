/**
 * A change the engine could not keep (a full disk, a read-only file, a database out of reach):
 * nothing of it was kept, and the same change may be made again (§7). The same for every engine.
 */
import { bankError } from '../../spec/errors.js';
import { rejectionResponse } from '../answers/response.js';
import { reject } from '../http/refusal.js';
import type { BankRequest, BankResponse } from '../http/messages.js';

/**
 * A console change (reset, import, act, update) that the database could not save: nothing of it
 * was kept, and the same change may be made again. The admin API answers it 503, as the PSD2
 * routes answer a request whose commit failed.
 */
export class UnsavedChangeError extends Error {
  override readonly name = 'UnsavedChangeError';
  /**
   * The database's error code (SQLITE_FULL, SQLITE_READONLY, …; PostgreSQL's SQLSTATE, or the
   * socket's ECONNREFUSED); UNREACHABLE when the cause names none (no connection was made).
   */
  readonly code: string;
  constructor(cause: unknown) {
    const code = String((cause as { code?: unknown } | null)?.code ?? 'UNREACHABLE');
    super(
      `the bank could not save this change (${code}: ${(cause as Error).message}); nothing was changed, try again`,
      { cause },
    );
    this.code = code;
  }
}

/**
 * §7: the change could not be committed (a full disk, a read-only file). Nothing of it was kept,
 * so the same request can be sent again; 503 says so, as Retry-After does. SYSTEM_ERROR is the
 * spec's code for a bank-side failure (§7.2 allows no other). `kept`: it was committed but could
 * not be confirmed on disk.
 */
export function unsavedChangeResponse(
  request: BankRequest,
  error: unknown,
  kept: boolean,
): BankResponse {
  const cause = (error as { code?: string }).code ?? (error as Error).message;
  const outcome = kept
    ? 'the change was written but could not be confirmed on disk; read the resource before sending it again'
    : 'nothing was changed, send the request again';
  const response = rejectionResponse(
    request,
    reject(
      'persistence.commit-failed',
      bankError('SYSTEM_ERROR', `the bank could not save this change (${cause}); ${outcome}`, {
        status: 503,
      }),
    ),
  );
  return { ...response, headers: { ...response.headers, 'retry-after': '1' } };
}
