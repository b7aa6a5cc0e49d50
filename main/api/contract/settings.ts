/**
 * The user's settings (theme, defaults the composer fills in, request timeout), persisted by the
 * host with an atomic write, and what the UI must say about the files the workbench keeps.
 */
import { Type, type Static } from '@sinclair/typebox';
import { call, event } from './define.js';

export const ThemeSchema = Type.Union([Type.Literal('dark'), Type.Literal('light')]);

/** The settings document: its schema validates the file and the call arguments alike. */
export const WorkbenchSettingsSchema = Type.Object(
  {
    theme: ThemeSchema,
    /** §4.1 PSU-IP-Address the composer fills in; '' for none (§8 limits calls without it). */
    defaultPsuIpAddress: Type.String({ maxLength: 64 }),
    /** §9.2 x-accept-fix the composer fills in where an endpoint needs the header; '' for none. */
    defaultAcceptFix: Type.String({ maxLength: 500 }),
    /** How long a request may take before the client gives up (connect, headers, body). */
    requestTimeoutMs: Type.Integer({ minimum: 1000, maximum: 600_000 }),
  },
  { additionalProperties: false },
);
export type WorkbenchSettings = Static<typeof WorkbenchSettingsSchema>;
export type Theme = WorkbenchSettings['theme'];

/** A stored file the user should know about (a corrupt one moved aside). */
export interface StorageNoticeView {
  file: string;
  message: string;
  movedTo?: string;
  at: string;
}

export interface SettingsView {
  settings: WorkbenchSettings;
  /** Where the workbench keeps its files; absent when nothing is written to disk. */
  dataDir?: string;
  notices: StorageNoticeView[];
}

export const settingsCalls = {
  'settings.get': call<SettingsView>()(
    'The settings, where they are kept, and notices about unreadable files.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'settings.update': call<SettingsView>()(
    'Changes some settings and saves them (atomic write).',
    Type.Partial(WorkbenchSettingsSchema, { additionalProperties: false, minProperties: 1 }),
  ),
};

export const settingsEvents = {
  'settings.changed': event<SettingsView>('The settings changed.'),
};
