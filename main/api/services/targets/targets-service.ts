/**
 * Targets: the two embedded banks (where they run comes from the bank service) and the external
 * banks the user adds, with the certificates and headers each one uses. Kept in `targets.json`.
 */
import { randomUUID } from 'node:crypto';
import { join, normalize } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { JsonFileStore } from '../../../core/persistence/index.js';
import { readCertificates } from '../../../core/bank/index.js';
import { CallRefused } from '../../dispatch.js';
import { doctorTargetFile } from '../../../core/runner/doctor/index.js';
import {
  bankClockWarning,
  readBankClock,
  resetBankClock,
  type BankClockReading,
} from '../../../core/runner/index.js';
import type { EventHub } from '../../events.js';
import type { BankMode, CallArgs } from '../../contract/index.js';
import { BANK_MODES } from '../../../shared/mode.js';
import {
  EMBEDDED_TARGET_IDS,
  TargetConfigSchema,
  type ProfileForm,
  type TargetConfig,
  type TargetView,
  type PreflightView,
  type TargetProfileView,
  type TargetsView,
  type BankClockView,
} from '../../contract/targets.js';
import type {
  KeystoreCredentials,
  LoadedTargetProfile,
} from '../../../core/runner/target-profile/index.js';
import { keystoreCredential } from '../../../core/certs/index.js';
import type { BankService } from '../bank/bank-service.js';
import type { CertsService } from '../certs/certs-service.js';
import { schemaParser, type StorageNotices } from '../app/stored-files.js';
import {
  describeProfile,
  loadProfileFile,
  requireAbsolute,
  UI_ENV_POLICY,
  writeProfileFromForm,
  type Env,
} from './target-profiles.js';

const StoredProfileSchema = Type.Object(
  {
    id: Type.String({ pattern: '^profile-[A-Za-z0-9-]{1,80}$' }),
    path: Type.String({ minLength: 1, maxLength: 4096 }),
  },
  { additionalProperties: false },
);

const TargetsFileSchema = Type.Object(
  {
    activeTargetId: Type.String({ minLength: 1 }),
    targets: Type.Array(TargetConfigSchema),
    // Optional: a targets.json written before profiles existed loads as it is.
    profiles: Type.Optional(Type.Array(StoredProfileSchema, { maxItems: 200 })),
  },
  { additionalProperties: false },
);
type TargetsFile = Static<typeof TargetsFileSchema>;

const EMBEDDED_NAMES: Record<BankMode, string> = {
  sandbox: 'Embedded bank (sandbox)',
  production: 'Embedded bank (production)',
};

function embeddedDefaults(mode: BankMode): TargetConfig {
  return {
    id: EMBEDDED_TARGET_IDS[mode],
    kind: 'embedded',
    name: EMBEDDED_NAMES[mode],
    mode,
    defaultHeaders: {},
  };
}

function withEmbedded(file: TargetsFile): TargetsFile {
  const profiles = file.profiles ?? [];
  // The embedded banks always exist, whatever an older or hand-edited file says.
  const targets = file.targets.filter((t) => t.kind === 'external');
  const stored = (mode: BankMode) =>
    file.targets.find((t) => t.id === EMBEDDED_TARGET_IDS[mode]) ?? embeddedDefaults(mode);
  const embedded = BANK_MODES.map((mode) => ({
    ...stored(mode),
    kind: 'embedded' as const,
    name: EMBEDDED_NAMES[mode],
    mode,
  }));
  const all = [...embedded, ...targets];
  // A profile is a target too (the one list): the composer may send to it.
  const activeTargetId = [...all, ...profiles].some((t) => t.id === file.activeTargetId)
    ? file.activeTargetId
    : EMBEDDED_TARGET_IDS.sandbox;
  return { activeTargetId, targets: all, profiles };
}

/** A profile that reads, as an entry of the one list of targets. */
function profileTarget(profile: TargetProfileView): TargetView[] {
  if (!profile.ok || !profile.baseUrl || !profile.mode) return [];
  return [
    {
      id: profile.id,
      kind: 'profile',
      name: profile.name ?? profile.baseUrl,
      mode: profile.mode,
      baseUrl: profile.baseUrl,
      defaultHeaders: {},
      profilePath: profile.path,
    },
  ];
}

export interface TargetsServiceOptions {
  /** Where `${env:NAME}` in profiles is read (default: this process's environment). */
  env?: Env;
}

export class TargetsService {
  private readonly store: Promise<JsonFileStore<TargetsFile>>;
  /**
   * Secrets typed into the profile form, by the WORKBENCH_PROFILE_* variable the profile names
   * instead: held in memory for this launch only, never written (profile-form.ts).
   */
  private readonly held: Record<string, string> = {};
  /** How many times the targets were read: each view's `readOrder`. */
  private reads = 0;
  /** A profile's `{ "keystore": … }` credential: the keystore the user unlocked. */
  private readonly keystore: KeystoreCredentials = async (reference) =>
    keystoreCredential(this.certs.unlocked(), reference);

  constructor(
    dataDir: string | undefined,
    notices: StorageNotices,
    private readonly events: EventHub,
    private readonly banks: BankService,
    private readonly certs: CertsService,
    private readonly options: TargetsServiceOptions = {},
  ) {
    const parse = schemaParser<TargetsFile>(TargetsFileSchema);
    this.store = JsonFileStore.open<TargetsFile>({
      ...(dataDir ? { path: join(dataDir, 'targets.json') } : {}),
      what: 'targets',
      defaults: () => withEmbedded({ activeTargetId: EMBEDDED_TARGET_IDS.sandbox, targets: [] }),
      parse: (value) => withEmbedded(parse(value)),
    }).then((store) => {
      notices.add(store.notice);
      return store;
    });
    // An embedded bank starting or stopping changes where its target is.
    events.subscribe((name) => {
      if (name === 'bank.status')
        void this.list().then((view) => events.emit('targets.changed', view));
    });
  }

  async list(): Promise<TargetsView> {
    const store = await this.store;
    // Numbered where the file is read: the profiles' descriptions below may finish out of order.
    const readOrder = ++this.reads;
    const file = store.get();
    const profiles = await Promise.all(
      (file.profiles ?? []).map((p) =>
        describeProfile(p.id, p.path, this.baseEnv, this.keystore, this.held),
      ),
    );
    return {
      readOrder,
      activeTargetId: file.activeTargetId,
      targets: [...file.targets.map((t) => this.view(t)), ...profiles.flatMap(profileTarget)],
      profiles,
    };
  }

  private get baseEnv(): Env {
    return this.options.env ?? process.env;
  }

  /**
   * What `${env:NAME}` reads: the environment, and the secrets held for this launch where the
   * environment has no such variable (a caller never overrides what the user set, SECURITY.md).
   */
  private get env(): Env {
    return { ...this.held, ...this.baseEnv };
  }

  /** Adds the profile at `path` once it reads as a run would read it. */
  async addProfile(path: string): Promise<TargetsView> {
    requireAbsolute(path, 'The target profile');
    const absolute = normalize(path);
    if ((await this.store).get().profiles?.some((p) => p.path === absolute))
      throw new CallRefused(`${absolute} is already in the list of target profiles.`);
    await loadProfileFile(absolute, this.env, this.keystore);
    return this.change((file) => {
      if (file.profiles?.some((p) => p.path === absolute)) return file;
      const profiles = [
        ...(file.profiles ?? []),
        { id: `profile-${randomUUID()}`, path: absolute },
      ];
      return { ...file, profiles };
    });
  }

  /** Writes the form as a new profile file and adds it. */
  async createProfile(path: string, form: ProfileForm): Promise<TargetsView> {
    requireAbsolute(path, 'The profile file');
    const secrets = await writeProfileFromForm(normalize(path), form, this.env, this.keystore);
    for (const secret of secrets) this.held[secret.variable] = secret.value;
    return this.addProfile(path);
  }

  removeProfile(id: string): Promise<TargetsView> {
    return this.change((file) => {
      if (!file.profiles?.some((p) => p.id === id))
        throw new CallRefused(`There is no target profile '${id}'.`);
      return { ...file, profiles: file.profiles.filter((p) => p.id !== id) };
    });
  }

  /** `workbench doctor` for a stored profile; a profile that does not read is its first line. */
  async preflight(id: string): Promise<PreflightView> {
    const stored = (await this.store).get().profiles?.find((p) => p.id === id);
    if (!stored)
      throw new CallRefused(`There is no target profile '${id}'; add it in Settings → Targets.`);
    const report = await doctorTargetFile(stored.path, {
      env: this.env,
      envPolicy: UI_ENV_POLICY,
      keystore: this.keystore,
    });
    return { profileId: id, startedAt: report.startedAt, lines: report.lines, ok: report.ok };
  }

  /** The profile's bank clock against real time (the Runner's pre-flight warning). */
  async bankClock(id: string): Promise<BankClockView> {
    return bankClockView(id, await readBankClock(await this.loadProfile(id)));
  }

  /** Sets the profile's bank clock back to real time (the Runner's "Reset the bank clock"). */
  async resetBankClock(id: string): Promise<BankClockView> {
    const loaded = await this.loadProfile(id);
    if (!loaded.profile.admin)
      throw new CallRefused(
        'The target profile names no admin API (admin), so the workbench cannot set its bank clock.',
      );
    try {
      return bankClockView(id, await resetBankClock(loaded));
    } catch (error) {
      throw new CallRefused(`Setting the bank clock back failed: ${(error as Error).message}`);
    }
  }

  /** A run's target: the profile's file read now (it may have changed since it was added). */
  async loadProfile(id: string): Promise<LoadedTargetProfile> {
    const stored = (await this.store).get().profiles?.find((p) => p.id === id);
    if (!stored)
      throw new CallRefused(`There is no target profile '${id}'; add it in Settings → Targets.`);
    return loadProfileFile(stored.path, this.env, this.keystore);
  }

  /**
   * A target as the client needs it; refuses one that cannot be reached now. A profile is read
   * from its file now: the composer signs and presents its certificates (`loaded`).
   */
  async resolve(
    id: string,
  ): Promise<TargetView & { baseUrl: string; loaded?: LoadedTargetProfile }> {
    const stored = (await this.store).get().profiles?.find((p) => p.id === id);
    if (stored) {
      const loaded = await this.loadProfile(id);
      const { profile } = loaded;
      return {
        id,
        kind: 'profile',
        name: profile.name ?? profile.baseUrl,
        mode: profile.mode,
        baseUrl: profile.baseUrl,
        defaultHeaders: {},
        profilePath: stored.path,
        loaded,
      };
    }
    const config = (await this.store).get().targets.find((t) => t.id === id);
    if (!config) throw new CallRefused(`There is no target '${id}'; choose one in Settings.`);
    const target = this.view(config);
    if (!target.baseUrl) {
      throw new CallRefused(
        `${target.name} is stopped: start it in the Bank view (or choose another target).`,
      );
    }
    return { ...target, baseUrl: target.baseUrl };
  }

  private view(config: TargetConfig): TargetView {
    if (config.kind === 'external') return { ...config };
    const status = this.banks.status(config.mode);
    return {
      ...config,
      running: status.running,
      ...(status.url ? { baseUrl: status.url } : {}),
    };
  }

  async save(input: CallArgs<'targets.save'>['target']): Promise<TargetsView> {
    // Only a newly chosen certificate is checked: saving headers needs no unlocked keystore.
    const before = input.id
      ? (await this.store).get().targets.find((t) => t.id === input.id)
      : undefined;
    if (input.signingCertificate !== before?.signingCertificate) {
      this.checkCertificate(input.signingCertificate, 'signing (QSealC)');
    }
    if (input.transportCertificate !== before?.transportCertificate) {
      this.checkCertificate(input.transportCertificate, 'transport (QWAC)');
    }
    if (input.extraCaPem?.trim()) {
      try {
        readCertificates(input.extraCaPem);
      } catch (error) {
        throw new CallRefused(
          `The extra CA is not a PEM certificate (${(error as Error).message}); paste the CA's PEM text.`,
        );
      }
    }
    const optional = {
      ...(input.signingCertificate ? { signingCertificate: input.signingCertificate } : {}),
      ...(input.transportCertificate ? { transportCertificate: input.transportCertificate } : {}),
      ...(input.extraCaPem?.trim() ? { extraCaPem: input.extraCaPem } : {}),
    };
    return this.change((file) => {
      const existing = input.id ? file.targets.find((t) => t.id === input.id) : undefined;
      if (input.id && !existing) throw new CallRefused(`There is no target '${input.id}'.`);
      if (existing?.kind === 'embedded') {
        const next: TargetConfig = {
          id: existing.id,
          kind: 'embedded',
          name: existing.name,
          mode: existing.mode,
          defaultHeaders: input.defaultHeaders,
          ...optional,
        };
        return { ...file, targets: file.targets.map((t) => (t.id === existing.id ? next : t)) };
      }
      if (!input.baseUrl) throw new CallRefused('An external target needs its base URL.');
      try {
        new URL(input.baseUrl);
      } catch {
        throw new CallRefused(
          `'${input.baseUrl}' is not a URL; write e.g. https://api.bank.example`,
        );
      }
      const next: TargetConfig = {
        id: existing?.id ?? `target-${randomUUID()}`,
        kind: 'external',
        name: input.name,
        mode: input.mode,
        baseUrl: input.baseUrl.replace(/\/+$/, ''),
        defaultHeaders: input.defaultHeaders,
        ...optional,
      };
      return {
        ...file,
        targets: existing
          ? file.targets.map((t) => (t.id === existing.id ? next : t))
          : [...file.targets, next],
      };
    });
  }

  remove(id: string): Promise<TargetsView> {
    return this.change((file) => {
      const target = file.targets.find((t) => t.id === id);
      if (!target) throw new CallRefused(`There is no target '${id}'.`);
      if (target.kind === 'embedded') {
        throw new CallRefused('The embedded banks cannot be removed; stop them in the Bank view.');
      }
      return { ...file, targets: file.targets.filter((t) => t.id !== id) };
    });
  }

  setActive(id: string): Promise<TargetsView> {
    return this.change((file) => {
      if (![...file.targets, ...(file.profiles ?? [])].some((t) => t.id === id))
        throw new CallRefused(`There is no target '${id}'.`);
      return { ...file, activeTargetId: id };
    });
  }

  private checkCertificate(handle: string | undefined, role: string): void {
    if (!handle) return;
    const entry = this.certs.describe(handle);
    if (!entry.hasPrivateKey) {
      throw new CallRefused(
        `'${entry.label}' has no private key, so it cannot be the ${role} certificate.`,
      );
    }
  }

  private async change(apply: (file: TargetsFile) => TargetsFile): Promise<TargetsView> {
    const store = await this.store;
    try {
      await store.update((file) => withEmbedded(apply(file)));
    } catch (error) {
      if (error instanceof CallRefused) throw error;
      throw new CallRefused(
        `The targets were not saved (${(error as Error).message}); nothing changed. ` +
          'Check that the workbench may write to its data folder.',
      );
    }
    const view = await this.list();
    this.events.emit('targets.changed', view);
    return view;
  }
}

function bankClockView(profileId: string, reading: BankClockReading): BankClockView {
  if (reading.kind !== 'read') return { profileId, ...reading };
  return {
    profileId,
    ...reading,
    text: bankClockWarning(reading) ?? 'the bank clock is within a minute of real time',
  };
}
