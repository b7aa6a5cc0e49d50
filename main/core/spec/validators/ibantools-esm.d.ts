// ibantools 4.5 declares "type": "module" but its `main` is CommonJS, which plain Node (and
// Vitest's externalised deps) cannot load. Its ES module build lives at jsnext/ibantools.js with
// the same API; this declaration gives that path the package's own types.
declare module 'ibantools/jsnext/ibantools.js' {
  export * from 'ibantools';
}
