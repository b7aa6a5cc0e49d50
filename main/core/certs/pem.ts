/** PEM armour (RFC 7468) for certificates and keys. */

export interface PemBlock {
  /** e.g. 'CERTIFICATE', 'PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'RSA PRIVATE KEY'. */
  label: string;
  der: Buffer;
  /** The block as written, armour included (encrypted legacy keys need their headers). */
  text: string;
}

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

export function isPem(input: string | Buffer): boolean {
  const text = typeof input === 'string' ? input : input.subarray(0, 4096).toString('latin1');
  return /-----BEGIN [A-Z0-9 ]+-----/.test(text);
}

export function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const match of text.matchAll(BLOCK)) {
    // Legacy encrypted PEM has "Proc-Type:"/"DEK-Info:" headers before the base64.
    const body = match[2]!.replace(/^[A-Za-z-]+:.*$/gm, '').replace(/\s+/g, '');
    blocks.push({ label: match[1]!, der: Buffer.from(body, 'base64'), text: match[0] });
  }
  return blocks;
}

export function toPem(der: Buffer, label = 'CERTIFICATE'): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
