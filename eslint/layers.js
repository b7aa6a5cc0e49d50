/**
 * The layer map: the one place that says which part of the code may import which.
 *
 * Layers with a `level` form the stack, lowest first. A layer may import itself and every layer
 * with a lower level; layers on the same level are siblings and may not import each other (the
 * embedded bank and the signing client meet only in the runner and the composition root).
 * Layers with `mayImport` say exactly what they reach instead: the two views (preload and
 * renderer) see main only through the contract and `main/shared`; `bench` and `test` reach
 * anything. No layer may import `bench` or `test`.
 *
 * `files` are paths from the repository root: `dir/**` is everything under `dir`, anything else is
 * one file. Every file under `roots` must belong to a layer. `through` narrows what a layer may
 * import of a lower one to some of its files (an empty list: none). `public` names the files of a
 * layer that the layers above it may import (its public surface); files of the layer itself, and
 * `bench` and `test`, reach the rest. `denyPackages` lists packages a layer may not import
 * (`name*` matches by prefix).
 *
 * Enforced by eslint/rules/layers.js (rule `workbench/layers`); drawn in docs/architecture.md.
 */
import { builtinModules } from 'node:module';

/** Node's built-in modules, with and without the `node:` scheme. */
const nodeBuiltins = ['node:*', ...builtinModules];

/** The contract between main and every view of it. */
const contract = ['main/api/contract/**'];

/** Folders in which every file must belong to a layer. */
export const roots = ['main', 'preload', 'renderer', 'suites', 'bench', 'test'];

export const layers = [
  {
    name: 'shared',
    level: 0,
    files: ['main/shared/**'],
    why: 'Pure vocabulary that main and the renderer both import: no Node, no Electron.',
    denyPackages: ['electron', ...nodeBuiltins],
  },
  {
    name: 'spec',
    level: 1,
    files: ['main/core/spec/**'],
    why: 'One source per spec fact (enumerations, limits, error codes, fixes, JSON Schemas): pure, so the renderer reads it too; no Node, no Electron.',
    denyPackages: ['electron', ...nodeBuiltins],
  },
  {
    name: 'foundation',
    level: 1.5,
    files: ['main/core/clock.ts', 'main/core/product.ts'],
    why: 'The injected clock, the product name and version.',
    denyPackages: ['electron'],
  },
  {
    name: 'primitives',
    level: 2,
    files: ['main/core/signature/**', 'main/core/certs/**', 'main/core/persistence/**'],
    why: 'HTTP signatures, test certificates and keystore, atomic JSON stores.',
    denyPackages: ['electron'],
  },
  {
    name: 'bank',
    level: 3,
    files: ['main/core/bank/**'],
    why: 'The embedded bank. Never imports the signing client. Seen from above only through its index.ts.',
    public: ['main/core/bank/index.ts'],
    denyPackages: ['electron'],
  },
  {
    name: 'tpp',
    level: 3,
    files: ['main/core/tpp/**'],
    why: 'The signing client and the PSU agent. Never imports the embedded bank.',
    denyPackages: ['electron'],
  },
  {
    name: 'collections',
    level: 3,
    files: ['main/core/collections/**'],
    why: 'Saved requests in collections with folders; Postman v2.1, Bruno and OpenAPI in and out. Pure: no file, no network.',
    denyPackages: ['electron'],
  },
  {
    name: 'runner',
    level: 4,
    files: ['main/core/runner/**'],
    why: 'The suite engine, its check API (main/core/runner/check-api) and reporters. Never imports suites. Seen from above through its index files.',
    public: [
      'main/core/runner/index.ts',
      'main/core/runner/check-api/**',
      'main/core/runner/session/index.ts',
      'main/core/runner/target-profile/index.ts',
      'main/core/runner/doctor/index.ts',
    ],
    denyPackages: ['electron'],
  },
  {
    name: 'suites',
    level: 5,
    files: ['suites/**'],
    why: 'Conformance checks and rules, written against the check API: they judge a bank over HTTP as a TPP would, so they never import the bank. Never imported by main/core.',
    through: { runner: ['main/core/runner/check-api/**'], bank: [] },
    denyPackages: ['electron'],
  },
  {
    name: 'api',
    level: 6,
    files: ['main/api/**'],
    why: 'The contract and the composition root (services, dispatch, events).',
    denyPackages: ['electron'],
  },
  {
    name: 'hosts',
    level: 7,
    files: ['main/hosts/**', 'main/index.ts', 'main/cli.ts', 'main/web.ts', 'main/library.ts'],
    why: 'Thin shells over the services: Electron, the web host, the CLI, the library entry.',
  },
  {
    name: 'preload',
    files: ['preload/**'],
    why: 'Builds window.workbench from the contract. Bundled whole, so it reads the call and event names and IPC channels of the contract as values.',
    mayImport: [{ layer: 'shared' }, { layer: 'api', files: contract }],
  },
  {
    name: 'renderer',
    files: ['renderer/**'],
    why: 'A view over the contract: `import type` from it, values only from main/shared and the pure spec facts of main/core/spec; never Electron or Node.',
    mayImport: [
      { layer: 'shared' },
      { layer: 'spec' },
      { layer: 'api', files: contract, typeOnly: true },
    ],
    denyPackages: ['electron', ...nodeBuiltins],
  },
  {
    name: 'bench',
    files: ['bench/**'],
    why: 'Benchmarks and the soak run.',
    mayImport: '*',
  },
  {
    name: 'test',
    files: ['test/**'],
    why: 'Unit, integration and end-to-end tests.',
    mayImport: '*',
  },
];
