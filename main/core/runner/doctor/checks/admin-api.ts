/**
 * `admin-api`: when the profile names the admin API of a workbench bank (docs/ci.md), GET
 * {admin.url}/clock with its Bearer token (main/core/bank/admin/admin-api.ts). The checks that
 * move the bank clock need it; a refused token (401) or an unreachable API makes them SKIP in
 * the run, which is easy to miss. Sent through the profile's transport: the admin API shares the
 * bank's listener, mTLS included.
 */
import { createTransport } from '../../../tpp/transport.js';
import { line, type DoctorCheck } from '../types.js';

export const adminApiCheck: DoctorCheck = {
  id: 'admin-api',
  title: 'the admin API accepts the token',
  async run({ loaded, probes }) {
    const admin = loaded.profile.admin;
    if (!admin) return line(adminApiCheck, 'SKIP', 'the profile names no admin API');
    const url = `${admin.url.replace(/\/+$/, '')}/clock`;
    const transport = createTransport(probes.transport());
    try {
      const response = await transport.send({
        method: 'GET',
        url,
        headers: { Authorization: `Bearer ${admin.token}`, Accept: 'application/json' },
      });
      if (response.status === 401)
        return line(
          adminApiCheck,
          'FAIL',
          `GET ${url} answered 401: token refused`,
          'set /admin/token to the token the bank printed at start (its --json line: admin.token), e.g. through ${env:WORKBENCH_ADMIN_TOKEN}',
        );
      if (response.status !== 200)
        return line(
          adminApiCheck,
          'FAIL',
          `GET ${url} answered ${response.status}: not a workbench admin API`,
          'set /admin/url to the admin URL the bank printed at start (e.g. http://127.0.0.1:PORT/admin), or start the bank with --admin',
        );
      let now = '';
      try {
        const body = JSON.parse(response.body.toString('utf8')) as { now?: unknown };
        if (typeof body.now === 'string') now = `: bank clock ${body.now}`;
      } catch {
        // the status says enough; the clock is a courtesy
      }
      return line(adminApiCheck, 'PASS', `GET ${url} answered 200${now}`);
    } catch (error) {
      return line(
        adminApiCheck,
        'FAIL',
        `admin API unreachable: GET ${url}: ${(error as Error).message}`,
        'check /admin/url (the bank must run with --admin or --admin-token), and that it is the same bank as baseUrl',
      );
    } finally {
      await transport.close();
    }
  },
};
