// @usebruno/lang 0.39 ships no types: the functions used here, with what they read and write
// left as plain JSON (bruno.ts describes the fields it uses).
declare module '@usebruno/lang' {
  const bruno: {
    bruToJsonV2(text: string): unknown;
    jsonToBruV2(json: unknown): string;
    collectionBruToJson(text: string): unknown;
    jsonToCollectionBru(json: unknown): string;
    bruToEnvJsonV2(text: string): unknown;
    envJsonToBruV2(json: unknown): string;
  };
  export default bruno;
}
