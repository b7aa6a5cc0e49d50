/**
 * Every published spec schema, with its `$id`. The bank validates with them, the API reference
 * (`/openapi.json`) lists them, and the composer's editor registers them for JSON diagnostics.
 */
import type { TSchema } from '@sinclair/typebox';
import {
  AccountBalancesResponseSchema,
  AccountDetailsResponseSchema,
  AccountListSchema,
  AccountTransactionsQuerySchema,
  AccountTransactionsResponseSchema,
  CardAccountBalancesResponseSchema,
  CardAccountDetailsResponseSchema,
  CardAccountListSchema,
  TransactionDetailsResponseSchema,
} from './accounts.js';
import {
  CardAccountTransactionsQuerySchema,
  CardAccountTransactionsResponseSchema,
  CardTransactionSchema,
} from './card-accounts.js';
import {
  BulkPaymentInitiationSchema,
  PaymentInformationResponseSchema,
  PaymentInitiationResponseSchema,
  PaymentInitiationSctSchema,
  PaymentStatusResponseSchema,
  PeriodicPaymentInitiationSchema,
} from './payments.js';
import {
  SandboxAccountListItemSchema,
  SandboxAccountListSchema,
  SandboxAccountTransactionSchema,
  SandboxAccountTransactionsQuerySchema,
  SandboxAccountTransactionsSchema,
  SandboxAgreementSchema,
  SandboxBalanceSchema,
  SandboxBalancesUpdateSchema,
  SandboxCardAccountCreatedSchema,
  SandboxCardAccountRequestSchema,
  SandboxCardAccountResponseSchema,
  SandboxCardTransactionSchema,
  SandboxCardTransactionsQuerySchema,
  SandboxCardTransactionsRequestSchema,
  SandboxCardTransactionsResponseSchema,
  SandboxEngagementCreationSchema,
  SandboxEngagementSchema,
} from './sandbox.js';
import {
  AmountSchema,
  ErrorResponseSchema,
  LinkSchema,
  LinksSchema,
  SandboxAmountSchema,
  TppMessageSchema,
} from './shared.js';
import {
  SigningBasketAuthorisationResponseSchema,
  SigningBasketCreatedSchema,
  SigningBasketRequestSchema,
  SigningBasketSchema,
  SigningBasketStatusSchema,
} from './signing-baskets.js';

export * from './common.js';
export * from './shared.js';
export * from './payments.js';
export * from './signing-baskets.js';
export * from './card-accounts.js';
export * from './accounts.js';
export * from './sandbox.js';

/** All published schemas, in spec order. Each carries `$id`, `title` and a `description`. */
export const SPEC_SCHEMAS: readonly TSchema[] = [
  AmountSchema,
  LinkSchema,
  LinksSchema,
  TppMessageSchema,
  ErrorResponseSchema,
  PaymentInitiationSctSchema,
  PaymentInitiationResponseSchema,
  PeriodicPaymentInitiationSchema,
  BulkPaymentInitiationSchema,
  PaymentStatusResponseSchema,
  PaymentInformationResponseSchema,
  SigningBasketAuthorisationResponseSchema,
  SigningBasketRequestSchema,
  SigningBasketCreatedSchema,
  SigningBasketSchema,
  SigningBasketStatusSchema,
  CardTransactionSchema,
  CardAccountTransactionsResponseSchema,
  CardAccountTransactionsQuerySchema,
  AccountListSchema,
  AccountDetailsResponseSchema,
  AccountBalancesResponseSchema,
  CardAccountListSchema,
  CardAccountDetailsResponseSchema,
  CardAccountBalancesResponseSchema,
  AccountTransactionsResponseSchema,
  AccountTransactionsQuerySchema,
  TransactionDetailsResponseSchema,
  SandboxAmountSchema,
  SandboxBalanceSchema,
  SandboxCardAccountRequestSchema,
  SandboxCardAccountCreatedSchema,
  SandboxCardAccountResponseSchema,
  SandboxCardTransactionSchema,
  SandboxCardTransactionsRequestSchema,
  SandboxCardTransactionsResponseSchema,
  SandboxCardTransactionsQuerySchema,
  SandboxAccountListItemSchema,
  SandboxAccountListSchema,
  SandboxAccountTransactionSchema,
  SandboxAccountTransactionsSchema,
  SandboxAccountTransactionsQuerySchema,
  SandboxAgreementSchema,
  SandboxEngagementSchema,
  SandboxEngagementCreationSchema,
  SandboxBalancesUpdateSchema,
];

/** A published schema by its title (e.g. 'PaymentInitiationSct') or `$id`. */
export function specSchema(nameOrId: string): TSchema | undefined {
  return SPEC_SCHEMAS.find((schema) => schema.title === nameOrId || schema.$id === nameOrId);
}

/** Plain JSON copies (no TypeBox symbols), e.g. for Monaco's `setDiagnosticsOptions`. */
export function specSchemasAsJson(): { uri: string; schema: Record<string, unknown> }[] {
  return SPEC_SCHEMAS.map((schema) => ({
    uri: schema.$id as string,
    schema: JSON.parse(JSON.stringify(schema)) as Record<string, unknown>,
  }));
}
