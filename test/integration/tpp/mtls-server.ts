/**
 * The options of a loopback HTTPS server that demands a client certificate (mTLS, §5.1): a server
 * certificate for 127.0.0.1 from the test CA, and only that CA's certificates accepted from clients.
 */
import type { ServerOptions } from 'node:https';
import { issueServerCertificate, type TestCa } from '../../../main/core/certs/issue';

export async function mtlsServerOptions(ca: TestCa): Promise<ServerOptions> {
  const tls = await issueServerCertificate({ issuer: ca.issuer });
  return {
    key: tls.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    cert: tls.certificatePem + ca.intermediate.certificatePem,
    ca: [ca.root.certificatePem, ca.intermediate.certificatePem],
    requestCert: true,
    rejectUnauthorized: true,
    minVersion: 'TLSv1.2',
  };
}
