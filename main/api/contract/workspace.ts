/**
 * The composer's workspace, kept by the host so it survives a reload and a restart: per target,
 * its variables (ids captured from the bank's answers, docs/variables.md) in named environments
 * with one active; and the open request tabs, each with its form and the id of its last answer
 * in the history.
 */
import { Type, type Static } from '@sinclair/typebox';
import { call, event } from './define.js';
import { VARIABLE_NAME_PATTERN } from '../../shared/environment.js';

export { VARIABLE_NAME_PATTERN };
const VariableName = Type.String({ pattern: VARIABLE_NAME_PATTERN });
const EnvironmentName = Type.String({ minLength: 1, maxLength: 60, pattern: '^[^\\r\\n]+$' });

/** At most this many characters in one value, on one line (a header value must be one). */
export const MAX_VARIABLE_VALUE_CHARS = 2000;

export const CapturedValueSchema = Type.Object(
  {
    /** Empty is a value: an environment file may set a variable to nothing on purpose. */
    value: Type.String({ maxLength: MAX_VARIABLE_VALUE_CHARS, pattern: '^[^\\r\\n]*$' }),
    /** The request whose answer carried it, `set by hand`, or the file it was imported from. */
    from: Type.String({ maxLength: 300 }),
    /** Marked secret in the file it came from (Postman `type: "secret"`, Bruno `vars:secret`). */
    secret: Type.Optional(Type.Boolean()),
    /**
     * A secret's value as kept at rest, sealed by the keystore's seal (`value` is then empty); a
     * view carries it only while the keystore is locked, so the value cannot be used.
     */
    sealed: Type.Optional(Type.String({ maxLength: 8192, pattern: '^[A-Za-z0-9+/]*=*$' })),
  },
  { additionalProperties: false },
);

/** Variable name → its values, latest first. */
export const VariablesSchema = Type.Record(
  VariableName,
  Type.Array(CapturedValueSchema, { minItems: 1, maxItems: 10 }),
  { additionalProperties: false },
);

export const TargetVariablesSchema = Type.Object(
  {
    /** The environment the composer and the runner use now. */
    active: EnvironmentName,
    environments: Type.Record(EnvironmentName, VariablesSchema, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type TargetVariablesView = Static<typeof TargetVariablesSchema>;

/** Target id → its environments. */
export type WorkspaceVariablesView = Record<string, TargetVariablesView>;

const Row = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.String({ maxLength: 500 }),
    value: Type.String({ maxLength: 8192 }),
    enabled: Type.Boolean(),
    note: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);

/** The composer's form (renderer/src/features/composer/request-model.ts RequestDraft). */
export const DraftSchema = Type.Object(
  {
    operationId: Type.Optional(Type.String({ maxLength: 200 })),
    method: Type.Union([
      Type.Literal('GET'),
      Type.Literal('POST'),
      Type.Literal('PUT'),
      Type.Literal('DELETE'),
      Type.Literal('PATCH'),
    ]),
    pathTemplate: Type.String({ maxLength: 2000 }),
    pathParams: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 2000 })),
    query: Type.Array(Row, { maxItems: 100 }),
    headers: Type.Array(Row, { maxItems: 100 }),
    body: Type.String({ maxLength: 200_000 }),
    sign: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const TabSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    draft: DraftSchema,
    /** The history exchange shown as its answer. */
    responseId: Type.Optional(Type.String({ maxLength: 200 })),
    /** When a window last edited it (ms since the epoch): the newer edit wins across windows. */
    rev: Type.Optional(Type.Number({ minimum: 0 })),
  },
  { additionalProperties: false },
);

export const TabsSchema = Type.Object(
  {
    tabs: Type.Array(TabSchema, { maxItems: 30 }),
    activeTabId: Type.Optional(Type.String({ maxLength: 100 })),
    /**
     * When the writing window last saw the kept list (ms): kept tabs it lacks that changed later
     * were opened or edited elsewhere, and stay (main/shared/tabs-merge.ts). Absent: replace.
     */
    seenAt: Type.Optional(Type.Number({ minimum: 0 })),
    /** The window that kept it, so it knows its own change when every window is told. */
    by: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type TabsView = Static<typeof TabsSchema>;

export const ENVIRONMENT_FORMATS = ['postman', 'bruno'] as const;
export type EnvironmentFormat = (typeof ENVIRONMENT_FORMATS)[number];
const EnvironmentFormatSchema = Type.Union(ENVIRONMENT_FORMATS.map((f) => Type.Literal(f)));
const TargetId = Type.String({ minLength: 1, maxLength: 100 });

export interface EnvironmentImportView {
  variables: WorkspaceVariablesView;
  /** The name the new environment got (a taken name gets " (2)"). */
  imported: string;
  /** What the file held that the environment does not, and why. */
  notes: string[];
}

export interface EnvironmentExportView {
  fileName: string;
  text: string;
  /** What the file leaves out, and why (a Bruno file keeps no secret values). */
  notes: string[];
}

export const workspaceCalls = {
  'workspace.variables': call<WorkspaceVariablesView>()(
    "Every target's variables in their environments, and which environment is active.",
    Type.Object({}, { additionalProperties: false }),
  ),
  'workspace.saveVariables': call<WorkspaceVariablesView>()(
    "Replaces one target's variables and environments (the composer captures and edits them).",
    Type.Object(
      { targetId: TargetId, variables: TargetVariablesSchema },
      { additionalProperties: false },
    ),
  ),
  'workspace.importEnvironment': call<EnvironmentImportView>()(
    "Adds an environment file to a target's environments: a Postman environment export or a " +
      'Bruno `environments/NAME.bru` (`text`; `fileName` names a Bruno one). Empty values are ' +
      'kept, secret ones marked; a bad file is refused naming what is wrong, nothing changes.',
    Type.Object(
      {
        targetId: TargetId,
        format: EnvironmentFormatSchema,
        text: Type.String({ maxLength: 5_000_000 }),
        fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
        name: Type.Optional(EnvironmentName),
      },
      { additionalProperties: false },
    ),
  ),
  'workspace.exportEnvironment': call<EnvironmentExportView>()(
    "One of a target's environments as a Postman environment file or a Bruno environment file.",
    Type.Object(
      { targetId: TargetId, environment: EnvironmentName, format: EnvironmentFormatSchema },
      { additionalProperties: false },
    ),
  ),
  'workspace.tabs': call<TabsView>()(
    "The composer's open request tabs.",
    Type.Object({}, { additionalProperties: false }),
  ),
  'workspace.saveTabs': call<TabsView>()(
    "Keeps a window's composer tabs, merged with what other windows kept (main/shared/tabs-merge.ts); answers the merged list.",
    TabsSchema,
  ),
};

export const workspaceEvents = {
  'workspace.variablesChanged': event<WorkspaceVariablesView>(
    "A target's variables or environments changed.",
  ),
  'workspace.tabsChanged': event<TabsView>(
    "A window kept the composer's tabs: every window shows one tab list.",
  ),
};
