/** One HTTP/1.x request over a raw socket (net.connect): the Host header exactly as the test says. */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  body: string;
}

/** Sends `head` (request line and headers, without the blank line); the answer when it closes. */
export function rawRequest(port: number, head: string, address = '127.0.0.1'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port }, () =>
      socket.write(`${head}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.once('error', reject);
    socket.once('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1]),
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
      }),
    );
  });
}

/** The first tppMessages entry of a JSON error answer. */
export function firstTppMessage(answer: RawAnswer): { code: string; text: string } {
  return (JSON.parse(answer.body) as { tppMessages: { code: string; text: string }[] })
    .tppMessages[0]!;
}
