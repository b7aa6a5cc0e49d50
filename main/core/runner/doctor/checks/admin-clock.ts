/**
 * One GET {admin.url}/clock through the profile's transport (the admin API shares the bank's
 * listener, mTLS included): what `admin-api` and `bank-clock` read.
 */
import { createTransport } from '../../../tpp/transport.js';
import type { DoctorContext } from '../types.js';

export type AdminClockReading =
  | { kind: 'none' }
  | { kind: 'answered'; url: string; status: number; now?: Date }
  | { kind: 'unreachable'; url: string; error: string };

export async function readAdminClock({
  loaded,
  probes,
}: DoctorContext): Promise<AdminClockReading> {
  const admin = loaded.profile.admin;
  if (!admin) return { kind: 'none' };
  const url = `${admin.url.replace(/\/+$/, '')}/clock`;
  const transport = createTransport(probes.transport());
  try {
    const response = await transport.send({
      method: 'GET',
      url,
      headers: { Authorization: `Bearer ${admin.token}`, Accept: 'application/json' },
    });
    const reading: AdminClockReading = { kind: 'answered', url, status: response.status };
    try {
      const body = JSON.parse(response.body.toString('utf8')) as { now?: unknown };
      const now = typeof body.now === 'string' ? new Date(body.now) : undefined;
      if (now && !Number.isNaN(now.getTime())) reading.now = now;
    } catch {
      // not JSON: the status says what the API is
    }
    return reading;
  } catch (error) {
    return { kind: 'unreachable', url, error: (error as Error).message };
  } finally {
    await transport.close();
  }
}
