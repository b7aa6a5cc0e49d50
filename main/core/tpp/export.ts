/** Exchanges out of the workbench: HAR 1.2 for browsers and proxies, curl for a terminal. */
import { productInfo } from '../product.js';
import { curlCommand } from '../../shared/curl-command.js';
import type { Exchange } from '../../shared/exchange.js';

export { shellQuote } from '../../shared/curl-command.js';

interface HarNameValue {
  name: string;
  value: string;
}

const pairs = (headers: Record<string, string>): HarNameValue[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/). Workbench-specific facts go in
 * underscore fields, as the format allows: the signing string and the response signature result.
 */
export function toHar(exchanges: readonly Exchange[]): object {
  return {
    log: {
      version: '1.2',
      creator: { name: productInfo.name, version: productInfo.version },
      entries: exchanges.map((exchange) => {
        const url = new URL(exchange.request.url);
        const requestBody = exchange.request.body ?? exchange.request.bodyBase64;
        const contentType =
          Object.entries(exchange.request.headers).find(
            ([n]) => n.toLowerCase() === 'content-type',
          )?.[1] ?? 'application/json';
        const response = exchange.response;
        return {
          startedDateTime: exchange.startedAt,
          time: exchange.timings.totalMs,
          request: {
            method: exchange.request.method,
            url: exchange.request.url,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(exchange.request.headers),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            ...(requestBody !== undefined
              ? {
                  postData: {
                    mimeType: contentType,
                    text: requestBody,
                    ...(exchange.request.bodyBase64 ? { _encoding: 'base64' } : {}),
                  },
                }
              : {}),
            headersSize: -1,
            bodySize: requestBody === undefined ? 0 : Buffer.byteLength(requestBody),
          },
          response: response
            ? {
                status: response.status,
                statusText: '',
                httpVersion: 'HTTP/1.1',
                cookies: [],
                headers: pairs(response.headers),
                content: {
                  size: Buffer.byteLength(response.body),
                  mimeType: response.headers['content-type'] ?? 'application/octet-stream',
                  text: response.body,
                },
                redirectURL: response.headers['location'] ?? '',
                headersSize: -1,
                bodySize: Buffer.byteLength(response.body),
              }
            : {
                status: 0,
                statusText: exchange.error ?? 'no response',
                httpVersion: 'HTTP/1.1',
                cookies: [],
                headers: [],
                content: { size: 0, mimeType: 'x-unknown' },
                redirectURL: '',
                headersSize: -1,
                bodySize: -1,
              },
          cache: {},
          timings: {
            send: 0,
            wait: exchange.timings.headersMs,
            receive: Math.max(0, exchange.timings.totalMs - exchange.timings.headersMs),
          },
          ...(exchange.label ? { comment: exchange.label } : {}),
          ...(exchange.signing ? { _signingString: exchange.signing.signingString } : {}),
          _responseSignature: exchange.responseSignature,
        };
      }),
    },
  };
}

/** The exchange's request as a curl command (the one renderer: main/shared/curl-command.ts). */
export function toCurl(exchange: Exchange): string {
  return curlCommand(exchange.request);
}
