/**
 * A recorded request as a Java program (Java 11 or later, java.net.http.HttpClient,
 * java.security's "SHA256withRSA") that signs it as §5.2 says, with the same steps as the Node
 * program (node-fetch.ts) and the workbench's signer: Digest of the body bytes, the signing string
 * from the signed headers in the workbench's order, RSA-SHA256 over its ISO-8859-1 bytes, keyId
 * from the certificate, the Signature's four parts in order. The signing key is a PKCS#8 PEM file,
 * the mTLS client certificate a PKCS#12 keystore, both named at the top, never pasted; secret
 * placeholders are read from the environment. Pure.
 */
import {
  codeRequest,
  environmentName,
  hasPlaceholder,
  type RecordedRequest,
} from './code-request.js';

/** A Java string literal: ASCII only, everything else escaped. */
export function javaString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code >= 0x20 && code < 0x7f) out += char;
    else
      for (let i = 0; i < char.length; i++)
        out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

const value = (text: string): string =>
  hasPlaceholder(text) ? `fill(${javaString(text)})` : javaString(text);

const IMPORTS = [
  'java.io.FileInputStream',
  'java.io.InputStream',
  'java.net.URI',
  'java.net.http.HttpClient',
  'java.net.http.HttpRequest',
  'java.net.http.HttpResponse',
  'java.nio.charset.StandardCharsets',
  'java.nio.file.Files',
  'java.nio.file.Path',
  'java.security.KeyFactory',
  'java.security.KeyStore',
  'java.security.MessageDigest',
  'java.security.PrivateKey',
  'java.security.Signature',
  'java.security.cert.CertificateFactory',
  'java.security.cert.X509Certificate',
  'java.security.spec.PKCS8EncodedKeySpec',
  'java.time.ZoneOffset',
  'java.time.ZonedDateTime',
  'java.time.format.DateTimeFormatter',
  'java.util.ArrayList',
  'java.util.Base64',
  'java.util.LinkedHashMap',
  'java.util.List',
  'java.util.Locale',
  'java.util.Map',
  'java.util.UUID',
  'java.util.regex.Matcher',
  'java.util.regex.Pattern',
  'javax.net.ssl.KeyManagerFactory',
  'javax.net.ssl.SSLContext',
  'javax.net.ssl.SSLParameters',
  'javax.net.ssl.TrustManagerFactory',
  'javax.security.auth.x500.X500Principal',
];

const CONSTANTS = [
  '    // The QSealC that signs (§5.2.2): its private key as a PKCS#8 PEM file (BEGIN PRIVATE KEY;',
  '    // `openssl pkcs8 -topk8 -nocrypt` converts another form) and its certificate, PEM.',
  '    static final String SIGNING_KEY_FILE = env("TPP_SIGNING_KEY_FILE", "qsealc.key.pem");',
  '    static final String SIGNING_CERTIFICATE_FILE = env("TPP_SIGNING_CERTIFICATE_FILE", "qsealc.pem");',
  '    // TLS (§5.1): the QWAC and its key as a PKCS#12 keystore (mTLS), its password from the',
  "    // environment, and the CA that issued the bank's server certificate when it is not a public",
  '    // one. Unset: no client certificate, the JDK’s trusted CAs.',
  '    static final String TLS_KEYSTORE_FILE = System.getenv("TPP_TLS_KEYSTORE_FILE");',
  '    static final String TLS_KEYSTORE_PASSWORD = env("TPP_TLS_KEYSTORE_PASSWORD", "");',
  '    static final String BANK_CA_FILE = System.getenv("BANK_CA_FILE");',
];

function secretLines(secrets: readonly string[]): string[] {
  if (secrets.length === 0) return [];
  return [
    '',
    '    // Secret variables are never written into this file: each `{{name}}` is read from the',
    '    // environment variable named here.',
    '    static final Map<String, String> SECRETS = new LinkedHashMap<>();',
    '    static {',
    ...secrets.map(
      (name) => `        SECRETS.put(${javaString(name)}, ${javaString(environmentName(name))});`,
    ),
    '    }',
    '',
    '    static String fill(String text) {',
    '        Matcher m = Pattern.compile("\\\\{\\\\{([A-Za-z][A-Za-z0-9_-]*)\\\\}\\\\}").matcher(text);',
    '        StringBuilder out = new StringBuilder();',
    '        while (m.find()) {',
    '            String variable = SECRETS.get(m.group(1));',
    '            String secret = variable == null ? null : System.getenv(variable);',
    '            if (secret == null) throw new IllegalStateException("set " + variable + " to the value of " + m.group());',
    '            m.appendReplacement(out, Matcher.quoteReplacement(secret));',
    '        }',
    '        return m.appendTail(out).toString();',
    '    }',
  ];
}

const HELPERS = [
  '',
  '    static String env(String name, String fallback) {',
  '        String value = System.getenv(name);',
  '        return value == null ? fallback : value;',
  '    }',
  '',
  '    static String lowerCaseHeader(Map<String, String> headers, String name) {',
  '        for (Map.Entry<String, String> header : headers.entrySet())',
  '            if (header.getKey().toLowerCase(Locale.ROOT).equals(name)) return header.getValue().trim();',
  '        throw new IllegalStateException("the request has no " + name + " header to sign");',
  '    }',
  '',
  '    static SSLContext sslContext() throws Exception {',
  '        KeyManagerFactory keys = null;',
  '        if (TLS_KEYSTORE_FILE != null) {',
  '            KeyStore keyStore = KeyStore.getInstance("PKCS12");',
  '            try (InputStream in = new FileInputStream(TLS_KEYSTORE_FILE)) {',
  '                keyStore.load(in, TLS_KEYSTORE_PASSWORD.toCharArray());',
  '            }',
  '            keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());',
  '            keys.init(keyStore, TLS_KEYSTORE_PASSWORD.toCharArray());',
  '        }',
  '        TrustManagerFactory trust = null;',
  '        if (BANK_CA_FILE != null) {',
  '            KeyStore trustStore = KeyStore.getInstance(KeyStore.getDefaultType());',
  '            trustStore.load(null, null);',
  '            try (InputStream in = new FileInputStream(BANK_CA_FILE)) {',
  '                trustStore.setCertificateEntry("bank-ca", CertificateFactory.getInstance("X.509").generateCertificate(in));',
  '            }',
  '            trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());',
  '            trust.init(trustStore);',
  '        }',
  '        SSLContext context = SSLContext.getInstance("TLSv1.2");',
  '        context.init(keys == null ? null : keys.getKeyManagers(), trust == null ? null : trust.getTrustManagers(), null);',
  '        return context;',
  '    }',
];

function signingLines(names: readonly string[], hasBody: boolean): string[] {
  return [
    '',
    ...(hasBody
      ? [
          '        // §5.2.2: Digest, the SHA-256 of the exact body bytes, base64 (RFC 3230).',
          '        byte[] hash = MessageDigest.getInstance("SHA-256").digest(body);',
          '        headers.put("Digest", "SHA-256=" + Base64.getEncoder().encodeToString(hash));',
        ]
      : []),
    '        // §5.2.2: the signing certificate itself, base64 DER, in TPP-Signature-Certificate.',
    '        X509Certificate certificate;',
    '        try (InputStream in = new FileInputStream(SIGNING_CERTIFICATE_FILE)) {',
    '            certificate = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);',
    '        }',
    '        headers.put("TPP-Signature-Certificate", Base64.getEncoder().encodeToString(certificate.getEncoded()));',
    '',
    '        // §5.2.4–5.2.5: the signing string, one `<lower-case name>: <value>` line per signed',
    '        // header, in the order the workbench signed them; (request-target) is the method and path.',
    `        String[] signedHeaders = ${javaString(names.join(' '))}.split(" ");`,
    '        URI uri = URI.create(url);',
    '        List<String> lines = new ArrayList<>();',
    '        for (String name : signedHeaders) {',
    '            if (name.equals("(request-target)")) {',
    '                String target = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());',
    '                lines.add(name + ": " + method.toLowerCase(Locale.ROOT) + " " + target);',
    '            } else {',
    '                lines.add(name + ": " + lowerCaseHeader(headers, name));',
    '            }',
    '        }',
    '        String signingString = String.join("\\n", lines);',
    '',
    '        // §5.2.3: RSA-SHA256 over the signing string, base64. Header values go on the wire as',
    '        // ISO-8859-1 bytes, so those are the bytes signed. The key: PKCS#8 PEM.',
    '        String pem = Files.readString(Path.of(SIGNING_KEY_FILE), StandardCharsets.US_ASCII)',
    '            .replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\\\s", "");',
    '        PrivateKey key = KeyFactory.getInstance("RSA")',
    '            .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));',
    '        Signature signer = Signature.getInstance("SHA256withRSA");',
    '        signer.initSign(key);',
    '        signer.update(signingString.getBytes(StandardCharsets.ISO_8859_1));',
    '        String signature = Base64.getEncoder().encodeToString(signer.sign());',
    '',
    '        // §5.2.3: keyId is SN=<serial, upper-case hex>,CA=<issuer DN, RFC 2253>. BigInteger drops',
    '        // leading zeros; the serial is compared as a number (docs/signing.md).',
    '        String keyId = "SN=" + certificate.getSerialNumber().toString(16).toUpperCase(Locale.ROOT)',
    '            + ",CA=" + certificate.getIssuerX500Principal().getName(X500Principal.RFC2253);',
    '        String parts = "keyId=\\"" + keyId + "\\",algorithm=\\"rsa-sha256\\",headers=\\""',
    '            + String.join(" ", signedHeaders) + "\\",signature=\\"" + signature + "\\"";',
    '        // §5.2.6: a value with non-ASCII characters is sent RFC 2047-encoded as a whole.',
    '        boolean ascii = StandardCharsets.US_ASCII.newEncoder().canEncode(parts);',
    '        headers.put("Signature", ascii ? parts',
    '            : "=?utf-8?B?" + Base64.getEncoder().encodeToString(parts.getBytes(StandardCharsets.UTF_8)) + "?=");',
  ];
}

/** The recorded request as a runnable single-file program (`java SignedRequest.java`). */
export function javaHttpClientProgram(recorded: RecordedRequest): string {
  const request = codeRequest(recorded);
  const names = request.signedHeaderNames;
  const body = request.body
    ? 'text' in request.body
      ? `${value(request.body.text)}.getBytes(StandardCharsets.UTF_8)`
      : `Base64.getDecoder().decode(${javaString(request.body.base64)})`
    : undefined;
  const hasDate = request.headers.some((header) => header.fresh === 'date');
  const headerLines = request.headers.map(({ name, value: sent, fresh }) => {
    const text =
      fresh === 'request-id'
        ? 'UUID.randomUUID().toString()'
        : fresh === 'date'
          ? 'DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss \'GMT\'", Locale.ENGLISH).format(ZonedDateTime.now(ZoneOffset.UTC))'
          : value(sent);
    return `        headers.put(${javaString(name)}, ${text});${fresh === 'request-id' ? ' // §4.1: unique per call' : ''}`;
  });
  const lines = [
    `// ${request.method} ${request.url}`,
    '// Signed as the interface specification §5.2 says. Run with Java 11 or later:',
    `// java SignedRequest.java${hasDate ? ' (Java 12 or later: Java 11’s HttpClient refuses a Date header)' : ''}`,
    ...IMPORTS.map((name) => `import ${name};`),
    '',
    'public class SignedRequest {',
    ...CONSTANTS,
    ...secretLines(request.secrets),
    ...HELPERS,
    '',
    '    public static void main(String[] args) throws Exception {',
    `        String method = ${javaString(request.method)};`,
    `        String url = ${value(request.url)};`,
    ...(body ? [`        byte[] body = ${body};`] : []),
    '        Map<String, String> headers = new LinkedHashMap<>();',
    ...headerLines,
    ...(names ? signingLines(names, body !== undefined) : []),
    '',
    '        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).method(method,',
    `            ${body ? 'HttpRequest.BodyPublishers.ofByteArray(body)' : 'HttpRequest.BodyPublishers.noBody()'});`,
    '        headers.forEach(builder::header);',
    '        // HTTP/1.1: over plain HTTP the client would otherwise ask to upgrade to HTTP/2.',
    '        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)',
    ...(request.tls
      ? [
          '            // §5.1: TLS 1.2 or higher.',
          '            .sslContext(sslContext())',
          '            .sslParameters(new SSLParameters(null, new String[] {"TLSv1.3", "TLSv1.2"}))',
        ]
      : []),
    '            .build();',
    '        HttpResponse<String> response = client.send(builder.build(), HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.statusCode());',
    '        System.out.println(response.body());',
    '    }',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
