/**
 * `admin-api`: when the profile names the admin API of a workbench bank (docs/ci.md), GET
 * {admin.url}/clock with its Bearer token (main/core/bank/admin/admin-api.ts). The checks that
 * move the bank clock need it; a refused token (401) or an unreachable API makes them SKIP in
 * the run, which is easy to miss.
 */
import { line, type DoctorCheck } from '../types.js';
import { readAdminClock } from './admin-clock.js';

export const adminApiCheck: DoctorCheck = {
  id: 'admin-api',
  title: 'the admin API accepts the token',
  async run(context) {
    const reading = await readAdminClock(context);
    if (reading.kind === 'none')
      return line(adminApiCheck, 'SKIP', 'the profile names no admin API');
    const { url } = reading;
    if (reading.kind === 'unreachable')
      return line(
        adminApiCheck,
        'FAIL',
        `admin API unreachable: GET ${url}: ${reading.error}`,
        'check /admin/url (the bank must run with --admin or --admin-token), and that it is the same bank as baseUrl',
      );
    if (reading.status === 401)
      return line(
        adminApiCheck,
        'FAIL',
        `GET ${url} answered 401: token refused`,
        'set /admin/token to the token the bank printed at start (its --json line: admin.token), e.g. through ${env:WORKBENCH_ADMIN_TOKEN}',
      );
    if (reading.status !== 200)
      return line(
        adminApiCheck,
        'FAIL',
        `GET ${url} answered ${reading.status}: not a workbench admin API`,
        'set /admin/url to the admin URL the bank printed at start (e.g. http://127.0.0.1:PORT/admin), or start the bank with --admin',
      );
    const now = reading.now ? `: bank clock ${reading.now.toISOString()}` : '';
    return line(adminApiCheck, 'PASS', `GET ${url} answered 200${now}`);
  },
};
