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
 * A large layer is cut into `floors`: every file of the layer is on one floor, and a floor imports
 * of the other floors of its layer only those its `mayImport` names (`'*'`: any, for the files
 * that assemble the layer). Each folder directly under an `apart` floor is a floor of its own that
 * the others may not import.
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
    floors: [
      {
        name: 'bank-faults',
        files: ['main/core/bank/faults/**'],
        mayImport: [],
        why: 'The one list of fault profiles: stages, handlers and the domain all ask it.',
      },
      {
        name: 'bank-http',
        files: ['main/core/bank/http/**'],
        mayImport: [],
        why: 'The HTTP messages and the refusal: what every floor answers with, knowing nothing else.',
      },
      {
        name: 'bank-domain',
        files: ['main/core/bank/domain/**'],
        mayImport: ['bank-faults', 'bank-http'],
        why: 'The model and what changes it; it refuses, but never sees a request.',
      },
      {
        name: 'bank-context',
        files: ['main/core/bank/context/**'],
        mayImport: ['bank-domain', 'bank-faults', 'bank-http'],
        why: 'The request context with its route, handler and stage types, and what reads it.',
      },
      {
        name: 'bank-trust',
        files: ['main/core/bank/trust/**'],
        mayImport: ['bank-http'],
        why: 'The trust material: trust store, TPP registry, revocation, the published CA files.',
      },
      {
        name: 'bank-stages',
        files: ['main/core/bank/stages/**'],
        mayImport: ['bank-context', 'bank-domain', 'bank-faults', 'bank-http', 'bank-trust'],
        why: 'What every request passes before its handler; never a handler.',
      },
      {
        name: 'bank-handlers',
        files: ['main/core/bank/handlers/**'],
        mayImport: ['bank-context', 'bank-domain', 'bank-faults', 'bank-http'],
        why: "One endpoint's behaviour each, with the SCA pages; never a stage, the listener or the logs.",
      },
      {
        name: 'bank-openapi',
        files: ['main/core/bank/openapi/**'],
        mayImport: ['bank-context', 'bank-http'],
        why: 'The served /openapi.json, drawn from the route definitions it is given.',
      },
      {
        name: 'bank-answers',
        files: ['main/core/bank/answers/**'],
        mayImport: ['bank-context', 'bank-faults', 'bank-http'],
        why: "What a request is answered: the body and headers, the fault profiles' changes to them, the §5.2.7 signature, a plan's scripted answer.",
      },
      {
        name: 'bank-listener',
        files: ['main/core/bank/listener/**'],
        mayImport: ['bank-http'],
        why: 'The socket side: node:http(s) and TLS in front of the bank, and what is refused before it is a request.',
      },
      {
        name: 'bank-log',
        files: ['main/core/bank/log/**'],
        mayImport: ['bank-answers', 'bank-context', 'bank-domain', 'bank-http'],
        why: "The request log and the TPP findings: they record and judge what happened, never a handler's code.",
      },
      {
        name: 'bank-store',
        files: ['main/core/bank/store/**'],
        mayImport: ['bank-context', 'bank-domain', 'bank-http', 'bank-log'],
        why: 'The SQLite and PostgreSQL stores of the state and the shared logs.',
      },
      {
        name: 'bank-engine',
        files: ['main/core/bank/engine/**'],
        mayImport: ['bank-answers', 'bank-domain', 'bank-http', 'bank-state', 'bank-store'],
        why: 'Where the live state is held and how a change is kept: memory, SQLite or PostgreSQL behind one StateEngine.',
      },
      {
        name: 'bank-plans',
        files: ['main/core/bank/plans/**'],
        mayImport: ['bank-answers', 'bank-domain', 'bank-http', 'bank-log'],
        why: 'TPP test plans: modules the bank plays and judges by the findings; never the admin API.',
      },
      {
        name: 'bank-state',
        files: ['main/core/bank/state.ts'],
        mayImport: ['bank-domain'],
        why: 'The state as a snapshot: export, import, checks.',
      },
      {
        name: 'bank-assembly',
        files: ['main/core/bank/bank.ts', 'main/core/bank/assembly/**'],
        mayImport: [
          'bank-answers',
          'bank-context',
          'bank-domain',
          'bank-engine',
          'bank-faults',
          'bank-handlers',
          'bank-http',
          'bank-listener',
          'bank-log',
          'bank-openapi',
          'bank-stages',
          'bank-state',
          'bank-store',
          'bank-trust',
        ],
        why: 'createBank and its assembly wire the floors below into the pipeline and the state engine.',
      },
      {
        name: 'bank-admin',
        files: ['main/core/bank/admin/**'],
        mayImport: [
          'bank-assembly',
          'bank-domain',
          'bank-http',
          'bank-listener',
          'bank-log',
          'bank-plans',
          'bank-state',
        ],
        why: 'The admin API of a running bank, with its plan routes.',
      },
      {
        name: 'bank-surface',
        files: ['main/core/bank/index.ts'],
        mayImport: '*',
        why: 'The public surface: what the layers above see of the bank.',
      },
    ],
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
    floors: [
      {
        name: 'runner-check-api',
        files: ['main/core/runner/check-api/**'],
        mayImport: [],
        why: 'What a check is written against; the suites see nothing else of the runner.',
      },
      {
        name: 'runner-target-profile',
        files: ['main/core/runner/target-profile/**'],
        mayImport: [],
        why: 'Loading and checking target profiles: data, no run.',
      },
      {
        name: 'runner-engine',
        files: ['main/core/runner/engine/**'],
        mayImport: ['runner-check-api'],
        why: 'Scheduling and running checks, and the events reporters listen to.',
      },
      {
        name: 'runner-results',
        files: ['main/core/runner/results/**'],
        mayImport: ['runner-check-api', 'runner-engine'],
        why: 'The run result, its compaction, comparison and coverage.',
      },
      {
        name: 'runner-reporters',
        files: ['main/core/runner/reporters/**'],
        mayImport: ['runner-check-api', 'runner-engine', 'runner-results'],
        why: 'Console, JSON, JUnit, HTML and the TPP report: they listen, never drive a run.',
      },
      {
        name: 'runner-evidence',
        files: ['main/core/runner/evidence/**'],
        mayImport: ['runner-reporters', 'runner-results'],
        why: 'The signed evidence bundle.',
      },
      {
        name: 'runner-targets',
        files: ['main/core/runner/targets/**'],
        mayImport: ['runner-check-api', 'runner-engine', 'runner-results', 'runner-target-profile'],
        why: "What a check talks to: the embedded bank or a profile's; never the doctor or a session.",
      },
      {
        name: 'runner-doctor',
        files: ['main/core/runner/doctor/**'],
        mayImport: ['runner-target-profile', 'runner-targets'],
        why: "`workbench doctor`'s checks, and the run's own identity worded as it words them.",
      },
      {
        name: 'runner-session',
        files: ['main/core/runner/session/**'],
        mayImport: [
          'runner-check-api',
          'runner-doctor',
          'runner-engine',
          'runner-evidence',
          'runner-reporters',
          'runner-results',
          'runner-target-profile',
          'runner-targets',
        ],
        why: 'One run for the CLI and the UI: plan, prepare, run, report files, outcome.',
      },
      {
        name: 'runner-surface',
        files: ['main/core/runner/index.ts'],
        mayImport: '*',
        why: 'The public surface: what the layers above see of the runner.',
      },
    ],
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
    floors: [
      {
        name: 'renderer-lib',
        files: ['renderer/src/lib/**'],
        mayImport: [],
        why: 'Pure helpers of the view.',
      },
      {
        name: 'renderer-api',
        files: ['renderer/src/api/**'],
        mayImport: [],
        why: 'The one client of the contract: every feature talks to main through it.',
      },
      {
        name: 'renderer-components',
        files: ['renderer/src/components/**'],
        mayImport: ['renderer-lib'],
        why: 'Components every feature may use; they know no feature.',
      },
      {
        name: 'renderer-state',
        files: ['renderer/src/state/**'],
        mayImport: ['renderer-api', 'renderer-lib'],
        why: 'What more than one screen reads: the stores of the targets, sessions, settings, bank, SCA and keystore, and what one screen asks of another.',
      },
      {
        name: 'feature',
        files: ['renderer/src/features/**'],
        apart: true,
        mayImport: [
          'renderer-api',
          'renderer-app',
          'renderer-components',
          'renderer-lib',
          'renderer-state',
        ],
        why: 'One screen each: it imports itself and the shared app, api, lib and components, never another feature.',
      },
      {
        name: 'renderer-app',
        files: ['renderer/src/app/**', 'renderer/src/main.tsx'],
        mayImport: '*',
        why: 'The shell: it lists the features and shows them; its hooks and stores are shared.',
      },
    ],
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
