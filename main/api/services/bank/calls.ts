/**
 * The embedded banks' calls (contract/bank.ts): start, stop and reset, snapshots, the request
 * log, fault profiles, what the PSU and the bank do at the bank (revocations, the batch, card and
 * payment permissions), the bank clock, the TPP registry and the trust store. Each change the
 * console makes is noted beside the exchanges.
 */
import {
  batchRunText,
  clockJumpText,
  readCertificates,
  revokeConsent,
  revokeGrant,
  runBatchNow,
  setCardAccountStatus,
  setPaymentPermission,
} from '../../../core/bank/index.js';
import { CLOCK_RANGE, CLOCK_RANGE_TEXT, type VirtualClock } from '../../../core/clock.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { AreaCalls } from '../area-calls.js';
import type { BankService } from './bank-service.js';
import type { TargetsService } from '../targets/targets-service.js';
import type { TppService } from '../tpp/tpp-service.js';

export interface BankAreas {
  banks: BankService;
  clock: VirtualClock;
  events: EventHub;
  targets: TargetsService;
  tpp: TppService;
}

export function implementBankCalls(
  areas: BankAreas,
): AreaCalls<'bank' | 'clock' | 'registry' | 'trustStore'> {
  const { banks, targets, tpp } = areas;
  return {
    'bank.status': () => [banks.status('sandbox'), banks.status('production')],
    'bank.start': ({ mode, port, https }) => banks.start(mode, { port, https }),
    'bank.stop': ({ mode }) => banks.stop(mode),
    'bank.reset': async ({ mode }) => {
      const status = banks.reset(mode);
      // The reset bank knows none of its PSUs and TPP sessions: the targets it serves start a
      // new TPP session without a PSU, so no PSU-ID the bank no longer has is sent (§3.4).
      const { targets: known } = await targets.list();
      for (const target of known)
        if (target.kind === 'embedded' && target.mode === mode) await tpp.resetSession(target.id);
      return status;
    },
    'bank.exportSnapshot': ({ mode }) => ({ snapshot: banks.exportSnapshot(mode) }),
    'bank.importSnapshot': ({ mode, snapshot }) => banks.importSnapshot(mode, snapshot),
    'bank.requestLog': ({ mode, limit }) => banks.requestLog(mode, limit),
    'bank.behaviour': ({ mode }) => banks.behaviour(mode),
    'bank.setBehaviour': ({ mode, ...patch }) => banks.setBehaviour(mode, patch),
    'bank.revokeGrant': ({ mode, ...grant }) => ({
      revoked: banks.act(
        mode,
        (state, now) => revokeGrant(state, grant, now),
        (revoked) =>
          revoked
            ? {
                kind: 'revoke-grant',
                actor: 'psu',
                text: `PSU ${grant.customerNumber} revoked account ${grant.accountId} for ${grant.tppId} at the bank (§1: the TPP is not told)`,
              }
            : undefined,
      ),
    }),
    'bank.runBatch': ({ mode }) =>
      banks.act(
        mode,
        (state, now) => runBatchNow(state, now),
        (report) => ({ kind: 'batch-run', actor: 'bank', text: batchRunText(report, 'console') }),
      ),
    'bank.revokeConsent': ({ mode, consentId }) => ({
      revokedGrants: banks.act(
        mode,
        (state, now) => revokeConsent(state, consentId, now),
        (grants) => ({
          kind: 'revoke-consent',
          actor: 'psu',
          text: `PSU revoked consent ${consentId} at the bank, ${grants} account${grants === 1 ? '' : 's'} (§1: the TPP is not told)`,
        }),
      ),
    }),
    'bank.setCardAccountStatus': ({ mode, cardAccountId, status }) => ({
      changed: banks.act(
        mode,
        (state) => setCardAccountStatus(state, cardAccountId, status),
        (changed) =>
          changed
            ? {
                kind: 'card-account-status',
                actor: 'bank',
                text: `Bank ${status === 'blocked' ? 'blocked' : 'unblocked'} card account ${cardAccountId} (§3.3)`,
              }
            : undefined,
      ),
    }),
    'bank.sessions': ({ mode }) => banks.sessions(mode),
    'bank.setPaymentPermission': ({ mode, accountId, allowed }) => ({
      changed: banks.act(
        mode,
        (state) => setPaymentPermission(state, accountId, allowed),
        (changed) =>
          changed
            ? {
                kind: 'payment-permission',
                actor: 'bank',
                text: `Bank ${allowed ? 'restored' : 'removed'} payment permission on account ${accountId} (§1)`,
              }
            : undefined,
      ),
    }),
    'bank.events': ({ limit }) => banks.consoleEvents(limit),
    ...clockCalls(areas),
    ...registryCalls(banks),
    ...trustStoreCalls(banks),
  };
}

/** The bank clock: read, moved, frozen and resumed; each move is noted beside the exchanges. */
function clockCalls({ banks, clock, events }: BankAreas): AreaCalls<'clock'> {
  /** Whoever moved the clock (console, status bar), the move shows beside the exchanges. */
  const clockChanged = (moved: string) => {
    banks.note(undefined, { kind: 'clock', actor: 'bank', text: `Bank clock ${moved}` });
    const view = clock.state();
    events.emit('clock.changed', view);
    return view;
  };
  return {
    'clock.get': () => clock.state(),
    'clock.advance': ({ ms }) => {
      withinClockRange(clock.now().getTime() + ms, 'advance');
      clock.advance(ms);
      return clockChanged(`advanced ${clockJumpText(ms)}`);
    },
    'clock.set': ({ now }) => {
      const instant = new Date(now);
      if (Number.isNaN(instant.getTime())) throw new CallRefused(`'${now}' is not a date-time.`);
      withinClockRange(instant.getTime(), 'set');
      clock.set(instant);
      return clockChanged(`set to ${instant.toISOString()}`);
    },
    'clock.freeze': () => {
      clock.freeze();
      return clockChanged('frozen');
    },
    'clock.resume': () => {
      clock.resume();
      return clockChanged('resumed');
    },
  };
}

/** The TPP registry each bank checks a TPP's roles against: listed, entries put and removed. */
function registryCalls(banks: BankService): AreaCalls<'registry'> {
  return {
    'registry.list': ({ mode }) => banks.registry(mode),
    'registry.put': ({ mode, entry }) => {
      const registry = banks.bank(mode).registry;
      registry.remove(entry.organizationIdentifier);
      registry.add(entry);
      banks.note(mode, {
        kind: 'registry',
        actor: 'bank',
        text: `Registry: ${entry.organizationIdentifier} registered for ${entry.roles.join(', ') || 'no role'}`,
      });
      return banks.registry(mode);
    },
    'registry.remove': ({ mode, organizationIdentifier }) => {
      if (!banks.bank(mode).registry.remove(organizationIdentifier)) {
        throw new CallRefused(`${organizationIdentifier} is not in the ${mode} bank's registry.`);
      }
      banks.note(mode, {
        kind: 'registry',
        actor: 'bank',
        text: `Registry: ${organizationIdentifier} removed`,
      });
      return banks.registry(mode);
    },
  };
}

/** The trust store of CAs each bank accepts client certificates from: listed, added, removed. */
function trustStoreCalls(banks: BankService): AreaCalls<'trustStore'> {
  return {
    'trustStore.list': ({ mode }) => banks.trustAnchors(mode),
    'trustStore.add': ({ mode, pem }) => {
      let subjects: string[];
      try {
        subjects = readCertificates(pem).map((c) => c.subject.replace(/\n/g, ', '));
      } catch (error) {
        throw new CallRefused(`No CA certificate could be read: ${(error as Error).message}`);
      }
      banks.bank(mode).trustStore.add(pem);
      banks.note(mode, {
        kind: 'trust-store',
        actor: 'bank',
        text: `Trust store: trusts ${subjects.join('; ')}`,
      });
      return banks.trustAnchors(mode);
    },
    'trustStore.remove': ({ mode, fingerprint256 }) => {
      if (!banks.bank(mode).trustStore.remove(fingerprint256)) {
        throw new CallRefused(`No trusted CA has the fingerprint ${fingerprint256}.`);
      }
      banks.note(mode, {
        kind: 'trust-store',
        actor: 'bank',
        text: `Trust store: CA ${fingerprint256.slice(0, 11)}… removed`,
      });
      return banks.trustAnchors(mode);
    },
  };
}

/** The bank clock's range (main/core/clock.ts), as the admin API keeps it: refused naming the move. */
function withinClockRange(instant: number, move: 'set' | 'advance'): void {
  if (instant < CLOCK_RANGE.earliest || instant > CLOCK_RANGE.latest)
    throw new CallRefused(
      `clock.${move}: the bank clock would leave ${CLOCK_RANGE_TEXT} (it would be ${Number.isFinite(instant) && Math.abs(instant) <= 8.64e15 ? new Date(instant).toISOString() : 'out of any date'}).`,
    );
}
