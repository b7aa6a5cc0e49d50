/**
 * The services' targets and settings (kept across launches, bad input refused, a corrupt file
 * moved aside) and the composer's catalogue of the bank's routes. tpp-service.test.ts has sending,
 * the PSU session and saved collections.
 */
import { describe, expect, it } from 'vitest';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes';
import { PAYMENT_PRODUCTS } from '../../../main/core/spec/enums';
import { SpecValidator } from '../../../main/core/spec/validation';
import type {
  BankStatusView,
  EndpointCatalogueView,
  SettingsView,
  SpecSchemaView,
  TargetsView,
} from '../../../main/api/contract';

import { dataDir, ok, relaunch, services, useServices } from './services-harness';

useServices();

describe('targets and settings', () => {
  it('lists the embedded banks with their URLs once started', async () => {
    let view = await ok<TargetsView>('targets.list', {});
    expect(view.activeTargetId).toBe('embedded-sandbox');
    expect(view.targets.map((t) => [t.id, t.kind, t.mode, t.running])).toEqual([
      ['embedded-sandbox', 'embedded', 'sandbox', false],
      ['embedded-production', 'embedded', 'production', false],
    ]);
    const changed: TargetsView[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'targets.changed') changed.push(payload as TargetsView);
    });
    const status = await ok<BankStatusView>('bank.start', { mode: 'sandbox' });
    view = await ok<TargetsView>('targets.list', {});
    expect(view.targets[0]).toMatchObject({ running: true, baseUrl: status.url });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changed.at(-1)?.targets[0]).toMatchObject({ running: true, baseUrl: status.url });
  });

  it('persists external targets, the active target and settings across launches', async () => {
    const saved = await ok<TargetsView>('targets.save', {
      target: {
        name: 'Bank test environment',
        mode: 'production',
        baseUrl: 'https://api.bank.example/',
        defaultHeaders: { 'PSU-IP-Address': '192.0.2.1', 'x-accept-fix': 'longer-names' },
      },
    });
    const external = saved.targets.find((t) => t.kind === 'external')!;
    expect(external).toMatchObject({ baseUrl: 'https://api.bank.example' });
    await ok('targets.setActive', { id: external.id });
    await ok('settings.update', { theme: 'light', requestTimeoutMs: 5000 });

    await relaunch();
    const view = await ok<TargetsView>('targets.list', {});
    expect(view.activeTargetId).toBe(external.id);
    expect(view.targets.find((t) => t.id === external.id)).toEqual(external);
    const settings = await ok<SettingsView>('settings.get', {});
    expect(settings).toMatchObject({
      settings: { theme: 'light', requestTimeoutMs: 5000, defaultPsuIpAddress: '127.0.0.1' },
      dataDir,
      notices: [],
    });
    expect((await readdir(dataDir)).sort()).toEqual(['settings.json', 'targets.json']);
  });

  it('refuses what cannot be a target or a setting, saying what is wrong', async () => {
    expect(
      await services.dispatch('targets.save', {
        target: { name: 'x', mode: 'sandbox', baseUrl: 'ftp://x', defaultHeaders: {} },
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(
      await services.dispatch('targets.save', {
        target: {
          name: 'x',
          mode: 'sandbox',
          baseUrl: 'https://x',
          defaultHeaders: { 'Bad Name': 'v' },
        },
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(await services.dispatch('targets.remove', { id: 'embedded-sandbox' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('cannot be removed') },
    });
    expect(
      await services.dispatch('settings.update', { defaultPsuIpAddress: '999.1.1.1' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringContaining('PSU-IP-Address') } });
    expect(
      await services.dispatch('settings.update', { defaultAcceptFix: 'no-such-fix' }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('unknown fix') },
    });
  });

  it('reports a corrupt settings file, moved aside, and starts from the defaults', async () => {
    await relaunch({
      meanwhile: () => writeFile(join(dataDir, 'settings.json'), '{ "theme": "sepia" }'),
      keystore: false,
    });
    const view = await ok<SettingsView>('settings.get', {});
    expect(view.settings.theme).toBe('dark');
    expect(view.notices).toHaveLength(1);
    expect(view.notices[0]!.message).toContain('settings.json could not be read');
    expect(await readFile(view.notices[0]!.movedTo!, 'utf8')).toBe('{ "theme": "sepia" }');
  });
});

describe('the composer catalogue', () => {
  it("derives endpoints from the bank's routes, production first, with example bodies", async () => {
    const catalogue = await ok<EndpointCatalogueView>('tpp.endpoints', {});
    const cardTransactions = catalogue.endpoints.find(
      (e) => e.operationId === 'getCardAccountTransactionList',
    )!;
    expect(cardTransactions).toMatchObject({
      method: 'GET',
      pathTemplate: '/v1/card-accounts/{account-id}/transactions',
      group: 'production',
      pathParameters: [{ name: 'account-id', required: true }],
      acceptFix: { required: true },
      body: 'none',
    });
    expect(cardTransactions.requiredHeaders).toContain('TPP-Redirect-URI');
    // The product of a payment path is one of the spec's list, offered as a choice.
    const paymentStatus = catalogue.endpoints.find((e) => e.operationId === 'getPaymentStatus')!;
    expect(paymentStatus.pathParameters).toContainEqual(
      expect.objectContaining({ name: 'payment-product', enum: [...PAYMENT_PRODUCTS] }),
    );
    expect(cardTransactions.query).toContainEqual(
      expect.objectContaining({
        name: 'bookingStatus',
        required: true,
        enum: ['booked', 'pending', 'both'],
      }),
    );
    const groups = catalogue.endpoints.map((e) => e.group);
    expect(groups.indexOf('sandbox')).toBeGreaterThan(groups.lastIndexOf('production'));
    expect(catalogue.endpoints.some((e) => e.operationId === 'getOpenApiDocument')).toBe(false);
    // Every example body passes the bank's own validator for that route's schema.
    const validator = new SpecValidator();
    for (const endpoint of catalogue.endpoints.filter((e) => e.exampleBody !== undefined)) {
      const route = BANK_ROUTES.find((r) => r.operationId === endpoint.operationId)!;
      const example: unknown = JSON.parse(endpoint.exampleBody!);
      if (route.body && 'schema' in route.body) {
        expect(validator.check(route.body.schema, example), endpoint.operationId).toEqual({
          ok: true,
        });
      }
    }
    const schemas = await ok<SpecSchemaView[]>('spec.schemas', {});
    for (const endpoint of catalogue.endpoints.filter((e) => e.bodySchemaId)) {
      expect(
        schemas.map((s) => s.uri),
        endpoint.operationId,
      ).toContain(endpoint.bodySchemaId);
    }
    expect(catalogue.fixes.map((f) => f.name)).toContain('amount-as-string');
  });
});
