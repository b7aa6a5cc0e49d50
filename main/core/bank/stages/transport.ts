/** Transport rules that come before routing: the body size limit. */
import { TRANSPORT_STATUS, bankError } from '../../spec/errors.js';
import { reject } from '../http/refusal.js';
import type { Stage } from '../context/request-context.js';

export function transportStage(maxBodyBytes: number): Stage {
  return (ctx) =>
    ctx.request.body.length > maxBodyBytes
      ? reject(
          'transport.body-too-large',
          bankError(
            'BAD_REQUEST',
            `request body is larger than ${maxBodyBytes} bytes (1 MiB), the bank's limit`,
            { status: TRANSPORT_STATUS.payloadTooLarge },
          ),
        )
      : ctx;
}
