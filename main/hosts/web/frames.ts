/** Reads a frame from the renderer: anything malformed is a typed refusal, never a throw. */
import type { CallFrame } from '../../api/contract/index.js';

export function parseClientFrame(
  text: string | null,
): { ok: true; value: CallFrame } | { ok: false; message: string } {
  if (text === null) return { ok: false, message: 'Binary frames are not part of the bridge.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'A frame must be JSON.' };
  }
  const frame = value as Partial<CallFrame> | null;
  if (typeof frame !== 'object' || frame === null || frame.type !== 'call') {
    return { ok: false, message: 'A frame must be an object with type "call".' };
  }
  if (!Number.isSafeInteger(frame.id)) {
    return { ok: false, message: 'A call frame needs an integer id.' };
  }
  if (typeof frame.name !== 'string') {
    return { ok: false, message: 'A call frame needs a string name.' };
  }
  return { ok: true, value: { type: 'call', id: frame.id!, name: frame.name, args: frame.args } };
}
