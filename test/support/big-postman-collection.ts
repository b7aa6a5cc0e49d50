/**
 * A Postman v2.1 collection at a team's size: `requests` requests in `folders` folders nested two
 * deep (areas, each with its own folders), every request as a team keeps them: a method, a path
 * below `{{baseUrl}}`, PSD2 headers (one of them a `{{variable}}`) and, for writes, a
 * JSON body. Deterministic, so a test can name a request by what only it holds: request `i` has
 * the header `X-Trace-Tag: trace-<i>` and, when it has a body, `"endToEndIdentification": "e2e-<i>"`.
 * Used by the big-collection journey and `npm run bench:collections`.
 */

export interface BigCollectionShape {
  requests: number;
  folders: number;
  /** The collection's name (info.name). */
  name?: string;
}

const PATHS = [
  ['GET', '/v1/accounts'],
  ['GET', '/v1/sandbox/customers'],
  ['POST', '/v1/consents'],
  ['GET', '/v1/consents/{{consentId}}/status'],
  ['POST', '/v1/payments/sepa-credit-transfers'],
  ['GET', '/v1/accounts/{{accountId}}/transactions?bookingStatus=booked'],
] as const;

/** The folder (area, folder) request `i` is in, and its place in that folder. */
function place(i: number, folders: number) {
  const folder = i % folders;
  return { area: Math.floor(folder / 10), folder };
}

/** The name of request `i`, unique in the collection. */
export function bigRequestName(i: number): string {
  const [method, path] = PATHS[i % PATHS.length]!;
  return `${method} ${path.split('?')[0]!.split('/').pop()} #${i}`;
}

/** The folder path ("Area 3 / Folder 31") request `i` of a collection of `folders` folders is in. */
export function bigRequestFolder(i: number, folders: number): string {
  const { area, folder } = place(i, folders);
  return `Area ${area} / Folder ${folder}`;
}

function request(i: number) {
  const [method, path] = PATHS[i % PATHS.length]!;
  const header = [
    { key: 'Accept', value: 'application/json' },
    { key: 'PSU-IP-Address', value: '{{psuIpAddress}}' },
    { key: 'X-Trace-Tag', value: `trace-${i}` },
  ];
  const body =
    method === 'POST'
      ? {
          mode: 'raw',
          raw: JSON.stringify({
            debtorAccount: { iban: 'DE89370400440532013000' },
            instructedAmount: { currency: 'EUR', amount: `${(i % 997) + 1}.00` },
            creditorName: `Creditor ${i}`,
            endToEndIdentification: `e2e-${i}`,
          }),
          options: { raw: { language: 'json' } },
        }
      : undefined;
  // As Postman writes a URL: the raw text and its parts.
  const [pathname, search] = path.split('?');
  const url = {
    raw: `{{baseUrl}}${path}`,
    host: ['{{baseUrl}}'],
    path: pathname!.split('/').slice(1),
    ...(search
      ? {
          query: search
            .split('&')
            .map((pair) => ({ key: pair.split('=')[0], value: pair.split('=')[1] })),
        }
      : {}),
  };
  return {
    name: bigRequestName(i),
    request: {
      method,
      header:
        method === 'POST'
          ? [...header, { key: 'Content-Type', value: 'application/json' }]
          : header,
      ...(body ? { body } : {}),
      url,
    },
  };
}

/** The collection as Postman writes it (an object; JSON.stringify it for a file). */
export function bigPostmanCollection(shape: BigCollectionShape): object {
  const areas = new Map<number, Map<number, object[]>>();
  for (let i = 0; i < shape.requests; i += 1) {
    const { area, folder } = place(i, shape.folders);
    const inArea = areas.get(area) ?? new Map<number, object[]>();
    areas.set(area, inArea);
    const items = inArea.get(folder) ?? [];
    inArea.set(folder, items);
    items.push(request(i));
  }
  return {
    info: {
      name: shape.name ?? `Team collection (${shape.requests} requests)`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    variable: [
      { key: 'baseUrl', value: '' },
      { key: 'psuIpAddress', value: '192.0.2.10' },
    ],
    item: [...areas].map(([area, folders]) => ({
      name: `Area ${area}`,
      item: [...folders].map(([folder, item]) => ({ name: `Folder ${folder}`, item })),
    })),
  };
}

/** The collection's file text: 20,000 requests in 200 folders unless told otherwise. */
export function bigPostmanFile(shape: BigCollectionShape = { requests: 20_000, folders: 200 }) {
  return JSON.stringify(bigPostmanCollection(shape));
}
