/**
 * The examples of /openapi.json (document.ts), per operationId: a request body and the body of each
 * 2xx answer, as the sandbox and production suites met them on the embedded bank's initial data.
 * @generated, not hand-written (the 450-line limit is for hand-written files): never edit it,
 * regenerate it with `UPDATE_OPENAPI_EXAMPLES=1 npx vitest run test/integration/suites/openapi-exchanges.test.ts`
 * (lists cut to 2 items, the listener's origin written http://127.0.0.1:8080).
 * test/unit/bank/openapi/examples.test.ts checks each against its schema in both modes.
 */
export interface OperationExamples {
  request?: unknown;
  responses: Readonly<Record<string, unknown>>;
}

export const OPENAPI_EXAMPLES: Readonly<Record<string, OperationExamples>> = {
  changeSandboxAccountBalances: {
    responses: {
      '200': {
        id: 'acc-10000001-brukskonto',
        customerNumber: '10000001',
        accountName: 'Brukskonto',
        bban: '97100512347',
        iban: 'NO5297100512347',
        currency: 'NOK',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        creditLine: 0,
        balances: [
          {
            balanceAmount: {
              currency: 'NOK',
              amount: 4242,
            },
            balanceType: 'closingBooked',
          },
          {
            balanceAmount: {
              currency: 'NOK',
              amount: 6206600,
            },
            balanceType: 'expected',
          },
        ],
        _links: {
          self: {
            href: '/v1/accounts/acc-10000001-brukskonto',
            verbs: ['GET'],
          },
          transactions: {
            href: '/v1/sandbox/accounts/acc-10000001-brukskonto/transactions',
            verbs: ['GET'],
          },
        },
      },
    },
    request: [
      {
        balanceAmount: {
          currency: 'NOK',
          amount: 4242,
        },
        balanceType: 'closingBooked',
      },
    ],
  },
  createConsent: {
    responses: {
      '201': {
        consentStatus: 'received',
        consentId: 'd72a9240-fc3c-46b3-910d-599faf506593',
        _links: {
          scaRedirect: {
            href: 'http://127.0.0.1:8080/sca/870da33d-a31e-4723-8743-dcf6f68e4a35?t=cliVtyeYJKuFua7G6FyttnYedapQNeoB',
            verbs: ['GET'],
          },
          self: {
            href: '/v1/consents/d72a9240-fc3c-46b3-910d-599faf506593',
            verbs: ['GET'],
          },
          status: {
            href: '/v1/consents/d72a9240-fc3c-46b3-910d-599faf506593/status',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/consents/d72a9240-fc3c-46b3-910d-599faf506593/authorisations/870da33d-a31e-4723-8743-dcf6f68e4a35',
            verbs: ['GET'],
          },
        },
      },
    },
    request: {},
  },
  createSandboxAccount: {
    responses: {
      '201': {
        id: 'b7df8015-328f-4a77-b5de-ab7e3b13d675',
        customerNumber: '10000001',
        accountName: 'Digest check',
        bban: '97196521856',
        iban: 'NO2197196521856',
        currency: 'NOK',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        creditLine: 0,
        balances: [
          {
            balanceAmount: {
              currency: 'NOK',
              amount: 0,
            },
            balanceType: 'closingBooked',
          },
          {
            balanceAmount: {
              currency: 'NOK',
              amount: 0,
            },
            balanceType: 'expected',
          },
        ],
        _links: {
          self: {
            href: '/v1/accounts/b7df8015-328f-4a77-b5de-ab7e3b13d675',
            verbs: ['GET'],
          },
          transactions: {
            href: '/v1/sandbox/accounts/b7df8015-328f-4a77-b5de-ab7e3b13d675/transactions',
            verbs: ['GET'],
          },
        },
      },
    },
    request: {
      customerNumber: '10000001',
      accountName: 'Digest check',
      bban: '97196521856',
      iban: 'NO2197196521856',
      currency: 'NOK',
      product: 'Brukskonto',
      cashAccountType: 'CACC',
      creditLine: 0,
      balances: [],
    },
  },
  createSandboxAccountTransactions: {
    responses: {
      '201': [
        {
          id: 'd797c3a5-56a2-4b34-8301-5cfc242c831e',
          amount: 50000,
          currency: 'NOK',
          valueDate: '2026-11-23',
          remittanceInformationUnstructured: 'Workbench check',
          creditorName: 'Account Holder',
          creditorAccount: {
            iban: 'NO5197198211056',
            bban: '97198211056',
          },
          debtorName: 'Utenfor Banken AS',
          debtorAccount: {
            iban: 'NO9386011117947',
            bban: '86011117947',
          },
          bankTransactionCode: 'PMNT-RCDT-DMCT',
          ultimateDebtor: 'Utenfor Banken AS',
          ultimateCreditor: 'Account Holder',
          purposeCode: 'OTHR',
          bookingDate: '2026-11-23',
          _links: {
            self: {
              href: '/v1/sandbox/accounts/3a0d87b6-8c87-4b8c-8086-1f297e9e8b30/transactions/d797c3a5-56a2-4b34-8301-5cfc242c831e',
              verbs: ['GET'],
            },
          },
        },
        {
          id: '0de84418-4f0b-4a45-a6ca-9074f527be92',
          amount: 1000,
          currency: 'NOK',
          valueDate: '2026-11-23',
          remittanceInformationUnstructured: 'Workbench check',
          creditorName: 'Account Holder',
          creditorAccount: {
            iban: 'NO5197198211056',
            bban: '97198211056',
          },
          debtorName: 'Utenfor Banken AS',
          debtorAccount: {
            iban: 'NO9386011117947',
            bban: '86011117947',
          },
          bankTransactionCode: 'PMNT-RCDT-DMCT',
          ultimateDebtor: 'Utenfor Banken AS',
          ultimateCreditor: 'Account Holder',
          purposeCode: 'OTHR',
          bookingDate: '2026-11-23',
          _links: {
            self: {
              href: '/v1/sandbox/accounts/3a0d87b6-8c87-4b8c-8086-1f297e9e8b30/transactions/0de84418-4f0b-4a45-a6ca-9074f527be92',
              verbs: ['GET'],
            },
          },
        },
      ],
    },
    request: [
      {
        amount: 50000,
        currency: 'NOK',
        valueDate: '2026-11-23',
        remittanceInformationUnstructured: 'Workbench check',
        creditorName: 'Account Holder',
        creditorAccount: {
          iban: 'NO5197198211056',
          bban: '97198211056',
        },
        debtorName: 'Utenfor Banken AS',
        debtorAccount: {
          iban: 'NO9386011117947',
          bban: '86011117947',
        },
        bankTransactionCode: 'PMNT-RCDT-DMCT',
        ultimateDebtor: 'Utenfor Banken AS',
        ultimateCreditor: 'Account Holder',
        purposeCode: 'OTHR',
        bookingDate: '2026-11-23',
      },
      {
        amount: 1000,
        currency: 'NOK',
        valueDate: '2026-11-23',
        remittanceInformationUnstructured: 'Workbench check',
        creditorName: 'Account Holder',
        creditorAccount: {
          iban: 'NO5197198211056',
          bban: '97198211056',
        },
        debtorName: 'Utenfor Banken AS',
        debtorAccount: {
          iban: 'NO9386011117947',
          bban: '86011117947',
        },
        bankTransactionCode: 'PMNT-RCDT-DMCT',
        ultimateDebtor: 'Utenfor Banken AS',
        ultimateCreditor: 'Account Holder',
        purposeCode: 'OTHR',
        bookingDate: '2026-11-23',
      },
    ],
  },
  createSandboxAgreement: {
    responses: {
      '201': {
        id: 'd92418a2-425f-451c-ad59-ca86cf0bee79',
        name: 'Workbench check agreement',
        owner: '20000001',
        engagements: [
          {
            id: '830b24f9-82c1-4a99-9dc9-dbf5b05cf62b',
            customer: '10000001',
            account: {
              bban: '97194119422',
              iban: 'NO9397194119422',
            },
            roles: ['REGISTER', 'VIEW'],
            accessRights: true,
            paymentRights: true,
            transferRights: false,
            registerLimit: 0,
            approvalLimit: 0,
          },
        ],
        _links: {
          self: {
            href: '/v1/sandbox/agreements/d92418a2-425f-451c-ad59-ca86cf0bee79',
            verbs: ['GET'],
          },
          engagements: {
            href: '/v1/sandbox/agreements/d92418a2-425f-451c-ad59-ca86cf0bee79/engagements',
            verbs: ['POST'],
          },
        },
      },
    },
    request: {
      name: 'Workbench check agreement',
      owner: '20000001',
      engagements: [
        {
          customer: '10000001',
          account: {
            iban: 'NO9397194119422',
          },
          roles: ['REGISTER', 'VIEW'],
          registerLimit: 0,
          approvalLimit: 0,
        },
      ],
    },
  },
  createSandboxCardAccount: {
    responses: {
      '201': {
        resourceId: '5c59c32f-91b9-4fa4-9b58-958763cd740f',
        maskedPan: '525412******7788',
        currency: 'NOK',
        creditLimit: {
          currency: 'NOK',
          amount: 1000000,
        },
        balances: [
          {
            balanceAmount: {
              currency: 'NOK',
              amount: 0,
            },
            balanceType: 'closingBooked',
          },
        ],
        cardId: 'workbench-card',
        cardIdVNo: '01',
        accountNumber: '97197316105',
        expiry: '2030-12',
        name: 'Workbench check card',
        product: 'MASTERCARD',
        status: 'enabled',
        _links: {
          self: {
            href: '/v1/sandbox/card-accounts/5c59c32f-91b9-4fa4-9b58-958763cd740f',
            verbs: ['GET'],
          },
          transactions: {
            href: '/v1/sandbox/card-accounts/5c59c32f-91b9-4fa4-9b58-958763cd740f/transactions',
            verbs: ['GET'],
          },
        },
        customerNumber: '10000001',
      },
    },
    request: {
      customerNumber: '10000001',
      maskedPan: '525412******7788',
      currency: 'NOK',
      creditLimit: {
        currency: 'NOK',
        amount: 1000000,
      },
      balances: [
        {
          balanceAmount: {
            currency: 'NOK',
            amount: 0,
          },
          balanceType: 'closingBooked',
        },
      ],
      cardId: 'workbench-card',
      cardIdVNo: '01',
      accountNumber: '97197316105',
      expiry: '2030-12',
      name: 'Workbench check card',
      product: 'MASTERCARD',
      status: 'enabled',
    },
  },
  createSandboxCardTransactions: {
    responses: {
      '201': {
        cardAccount: {
          maskedPan: '525412******7788',
        },
        cardTransactions: {
          booked: [
            {
              cardTransactionId: 'wb-ct-mwvc9b2e-1',
              bookingDate: '2026-11-21',
              transactionDate: '2026-11-22',
              transactionAmount: {
                currency: 'NOK',
                amount: -12900,
              },
              originalAmount: {
                currency: 'NOK',
                amount: -12900,
              },
              merchantCategoryCode: '5411',
            },
            {
              cardTransactionId: 'wb-ct-mwvc9b2e-2',
              bookingDate: '2026-11-21',
              transactionDate: '2026-11-22',
              transactionAmount: {
                currency: 'NOK',
                amount: -12900,
              },
              originalAmount: {
                currency: 'NOK',
                amount: -12900,
              },
              merchantCategoryCode: '5411',
            },
          ],
          pending: [],
        },
      },
    },
    request: [
      {
        cardTransactionId: 'wb-ct-mwvc9b2e-1',
        terminalId: 'T0001',
        bookingDate: '2026-11-21',
        transactionDate: '2026-11-22',
        transactionAmount: {
          currency: 'NOK',
          amount: -12900,
        },
        originalAmount: {
          currency: 'NOK',
          amount: -12900,
        },
        merchantCategoryCode: '5411',
        cardAcceptorId: 'ACQ000000001',
        cardAcceptorAddress: {
          street: 'Storgata 1',
          city: 'Oslo',
          country: 'NO',
        },
        maskedPan: '525412******7788',
        transactionDetails: 'Purchase Matkroken, Oslo',
        invoiced: 'false',
        proprietaryBankTransactionCode: 'PURCHASE',
      },
      {
        cardTransactionId: 'wb-ct-mwvc9b2e-2',
        terminalId: 'T0001',
        bookingDate: '2026-11-21',
        transactionDate: '2026-11-22',
        transactionAmount: {
          currency: 'NOK',
          amount: -12900,
        },
        originalAmount: {
          currency: 'NOK',
          amount: -12900,
        },
        merchantCategoryCode: '5411',
        cardAcceptorId: 'ACQ000000001',
        cardAcceptorAddress: {
          street: 'Storgata 1',
          city: 'Oslo',
          country: 'NO',
        },
        maskedPan: '525412******7788',
        transactionDetails: 'Purchase Matkroken, Oslo',
        invoiced: 'false',
        proprietaryBankTransactionCode: 'PURCHASE',
      },
    ],
  },
  createSandboxEngagement: {
    responses: {
      '201': {
        id: '702cd791-13fb-44b8-9ba9-d9ef12995302',
        customer: '10000001',
        account: {
          bban: '97192695213',
          iban: 'NO2697192695213',
        },
        roles: ['REGISTER', 'VIEW'],
        accessRights: true,
        paymentRights: true,
        transferRights: false,
        registerLimit: 0,
        approvalLimit: 0,
      },
    },
    request: {
      customer: '10000001',
      account: {
        iban: 'NO2697192695213',
      },
      roles: ['REGISTER', 'VIEW'],
      registerLimit: 0,
      approvalLimit: 0,
    },
  },
  createSigningBasket: {
    responses: {
      '201': {
        transactionStatus: 'RCVD',
        basketId: 'a7ad2d2f-0691-4b03-a8fb-c2ba8b57f295',
        _links: {
          self: {
            href: '/v1/signing-baskets/a7ad2d2f-0691-4b03-a8fb-c2ba8b57f295',
            verbs: ['GET'],
          },
          status: {
            href: '/v1/signing-baskets/a7ad2d2f-0691-4b03-a8fb-c2ba8b57f295/status',
            verbs: ['GET'],
          },
          startAuthorisation: {
            href: '/v1/signing-baskets/a7ad2d2f-0691-4b03-a8fb-c2ba8b57f295/authorisations',
            verbs: ['POST'],
          },
        },
      },
    },
    request: {
      paymentIds: ['34ca6888-1a0e-497e-8ea3-7127d2d8655c', '4638e3f2-13ec-44ac-badf-01a3e1bdedf4'],
    },
  },
  fillSandboxFixedTestData: {
    responses: {
      '200': {
        customers: ['30000001'],
        accounts: ['acc-30000001-brukskonto', 'acc-30000001-sparekonto'],
        cardAccounts: ['card-30000001'],
        accountTransactions: 353,
        cardTransactions: 224,
      },
    },
    request: {},
  },
  getAccountList: {
    responses: {
      '200': {
        accounts: [
          {
            resourceId: '85a3637e-fc30-4e81-a24c-7929b6e22b3e',
            iban: 'NO3397190272803',
            bban: '97190272803',
            currency: 'NOK',
            name: 'Workbench check account',
            product: 'Brukskonto',
            cashAccountType: 'CACC',
            status: 'enabled',
            usage: 'PRIV',
            _links: {
              balances: {
                href: '/v1/accounts/85a3637e-fc30-4e81-a24c-7929b6e22b3e/balances',
                verbs: ['GET'],
              },
              transactions: {
                href: '/v1/accounts/85a3637e-fc30-4e81-a24c-7929b6e22b3e/transactions',
                verbs: ['GET'],
              },
            },
          },
        ],
      },
    },
  },
  getAgreements: {
    responses: {
      '200': {
        agreements: [
          {
            psuCorporateId: '76b75344-6d8a-4fef-9fa8-247e2fc4a605',
            name: 'Nordlys Rørlegger AS',
            corporationName: 'Nordlys Rørlegger AS',
          },
          {
            psuCorporateId: '3763fd38-3391-4d6e-9d2a-0c35ec16c5dc',
            name: 'Havbris Eksport AS',
            corporationName: 'Havbris Eksport AS',
          },
        ],
      },
    },
  },
  getBalances: {
    responses: {
      '200': {
        account: {
          iban: 'NO3397190272803',
          currency: 'NOK',
        },
        balances: [
          {
            balanceAmount: {
              amount: '123.45',
              currency: 'NOK',
            },
            balanceType: 'closingBooked',
            creditLimitIncluded: false,
            referenceDate: '2026-11-24',
          },
          {
            balanceAmount: {
              amount: '123.45',
              currency: 'NOK',
            },
            balanceType: 'expected',
            creditLimitIncluded: false,
            referenceDate: '2026-11-24',
          },
        ],
      },
    },
  },
  getBulkPayment: {
    responses: {
      '200': {
        debtorAccount: {
          iban: 'NO5297100512347',
          currency: 'NOK',
        },
        payments: [
          {
            instructedAmount: {
              amount: '100.00',
              currency: 'NOK',
            },
            creditorAccount: {
              iban: 'NO6997100712346',
              currency: 'NOK',
            },
            creditorName: 'Kari Nordmann',
            remittanceInformationUnstructured: 'Workbench check 131 mwvc9kzz',
          },
        ],
        transactionStatus: 'RCVD',
        _links: {
          self: {
            href: '/v1/bulk-payments/sepa-credit-transfers/447b0d1a-d4f9-4ac1-a539-4763f442b672',
            verbs: ['GET'],
          },
          status: {
            href: '/v1/bulk-payments/sepa-credit-transfers/447b0d1a-d4f9-4ac1-a539-4763f442b672/status',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/bulk-payments/sepa-credit-transfers/447b0d1a-d4f9-4ac1-a539-4763f442b672/authorisations/2384d184-dd36-4062-9946-d8fdf5dc226e',
            verbs: ['GET'],
          },
        },
      },
    },
  },
  getBulkPaymentAuthorisations: {
    responses: {
      '200': {
        authorisationIds: ['2384d184-dd36-4062-9946-d8fdf5dc226e'],
      },
    },
  },
  getBulkPaymentScaStatus: {
    responses: {
      '200': {
        scaStatus: 'RECEIVED',
      },
    },
  },
  getBulkPaymentStatus: {
    responses: {
      '200': {
        transactionStatus: 'RCVD',
        fundsAvailable: true,
      },
    },
  },
  getCardAccountBalances: {
    responses: {
      '200': {
        cardAccount: {
          maskedPan: '525412******3241',
          currency: 'NOK',
        },
        balances: [
          {
            balanceAmount: {
              amount: '-4221.69',
              currency: 'NOK',
            },
            balanceType: 'closingBooked',
            creditLimitIncluded: false,
            referenceDate: '2026-11-24',
          },
          {
            balanceAmount: {
              amount: '-4221.69',
              currency: 'NOK',
            },
            balanceType: 'expected',
            creditLimitIncluded: false,
            referenceDate: '2026-11-24',
          },
        ],
      },
    },
  },
  getCardAccountList: {
    responses: {
      '200': {
        cardAccounts: [
          {
            resourceId: 'card-10000001',
            maskedPan: '525412******3241',
            currency: 'NOK',
            name: 'Mastercard Platinum',
            product: 'MASTERCARD',
            status: 'enabled',
            usage: 'PRIV',
            creditLimit: {
              amount: '50000.00',
              currency: 'NOK',
            },
            _links: {
              balances: {
                href: '/v1/card-accounts/card-10000001/balances',
                verbs: ['GET'],
              },
              transactions: {
                href: '/v1/card-accounts/card-10000001/transactions',
                verbs: ['GET'],
              },
            },
          },
        ],
      },
    },
  },
  getCardAccountTransactionList: {
    responses: {
      '200': {
        cardAccount: {
          maskedPan: '525412******3241',
          currency: 'NOK',
        },
        cardTransactions: {
          booked: [
            {
              cardTransactionId: 'ct-0006',
              bookingDate: '2026-11-22',
              transactionDate: '2026-11-22',
              transactionAmount: {
                amount: '-312.70',
                currency: 'NOK',
              },
              originalAmount: {
                amount: '-312.70',
                currency: 'NOK',
              },
              merchantCategoryCode: '5411',
              invoiced: false,
              proprietaryBankTransactionCode: 'PURCHASE',
              transactionDetails: 'Purchase Matkroken Majorstuen, Oslo',
            },
            {
              cardTransactionId: 'ct-0005',
              bookingDate: '2026-11-21',
              transactionDate: '2026-11-21',
              transactionAmount: {
                amount: '-408.68',
                currency: 'NOK',
              },
              currencyExchange: {
                sourceCurrency: 'EUR',
                targetCurrency: 'NOK',
                exchangeRate: '11.6420',
                unitCurrency: 'EUR',
                quotationDate: '2026-11-21',
              },
              originalAmount: {
                amount: '-34.50',
                currency: 'EUR',
              },
              merchantCategoryCode: '5942',
              invoiced: false,
              proprietaryBankTransactionCode: 'PURCHASE',
              transactionDetails: 'Purchase Librería del Sol, Madrid',
            },
          ],
        },
        _links: {
          cardAccount: {
            href: '/v1/card-accounts/card-10000001',
            verbs: ['GET'],
          },
        },
      },
    },
  },
  getConsentAuthorisations: {
    responses: {
      '200': {
        authorisationIds: ['31dd4cf1-1fef-4aa9-8304-85a23fcb455d'],
      },
    },
  },
  getConsentInformation: {
    responses: {
      '200': {
        access: {
          accounts: [
            {
              iban: 'NO3797101056787',
              currency: 'NOK',
            },
            {
              iban: 'NO2997101167899',
              currency: 'NOK',
            },
          ],
          balances: [
            {
              iban: 'NO3797101056787',
              currency: 'NOK',
            },
            {
              iban: 'NO2997101167899',
              currency: 'NOK',
            },
          ],
          transactions: [
            {
              iban: 'NO3797101056787',
              currency: 'NOK',
            },
            {
              iban: 'NO2997101167899',
              currency: 'NOK',
            },
          ],
        },
        recurringIndicator: true,
        validUntil: '2027-05-23',
        frequencyPerDay: 4,
        lastActionDate: '2026-11-24',
        consentStatus: 'valid',
        _links: {
          self: {
            href: '/v1/consents/038ee333-e94d-46ae-b32b-8201dfaac524',
            verbs: ['GET'],
          },
          status: {
            href: '/v1/consents/038ee333-e94d-46ae-b32b-8201dfaac524/status',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/consents/038ee333-e94d-46ae-b32b-8201dfaac524/authorisations/28920eba-5dfa-4f32-b86a-d12602e50a39',
            verbs: ['GET'],
          },
        },
      },
    },
  },
  getConsentScaStatus: {
    responses: {
      '200': {
        scaStatus: 'RECEIVED',
      },
    },
  },
  getConsentStatus: {
    responses: {
      '200': {
        consentStatus: 'received',
      },
    },
  },
  getPayment: {
    responses: {
      '200': {
        instructedAmount: {
          amount: '250.00',
          currency: 'EUR',
        },
        debtorAccount: {
          iban: 'NO5297100512347',
          currency: 'NOK',
        },
        creditorAccount: {
          iban: 'DE89370400440532013000',
          currency: 'EUR',
        },
        creditorName: 'Kari Nordmann',
        remittanceInformationUnstructured: 'Workbench check 89 mwvc9j7x',
        creditorAddress: {
          city: 'Frankfurt',
          country: 'DE',
        },
        transactionStatus: 'RCVD',
        _links: {
          self: {
            href: '/v1/payments/cross-border-credit-transfers/a9aee948-db37-4a9b-8f83-307c65bba405',
            verbs: ['GET'],
          },
          status: {
            href: '/v1/payments/cross-border-credit-transfers/a9aee948-db37-4a9b-8f83-307c65bba405/status',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/payments/cross-border-credit-transfers/a9aee948-db37-4a9b-8f83-307c65bba405/authorisations/7c3ffc89-a904-4048-a9fa-cae18eceda50',
            verbs: ['GET'],
          },
        },
      },
    },
  },
  getPaymentAuthorisations: {
    responses: {
      '200': {
        authorisationIds: ['cf15078c-4ce8-4fed-b76e-a64075cb6bad'],
      },
    },
  },
  getPaymentScaStatus: {
    responses: {
      '200': {
        scaStatus: 'RECEIVED',
      },
    },
  },
  getPaymentStatus: {
    responses: {
      '200': {
        transactionStatus: 'ACTC',
        fundsAvailable: true,
      },
    },
  },
  getPeriodicPayment: {
    responses: {
      '200': {
        instructedAmount: {
          amount: '100.00',
          currency: 'NOK',
        },
        debtorAccount: {
          iban: 'NO5297100512347',
          currency: 'NOK',
        },
        creditorAccount: {
          iban: 'NO6997100712346',
          currency: 'NOK',
        },
        creditorName: 'Kari Nordmann',
        remittanceInformationUnstructured: 'Workbench check 133 mwvc9kzz',
        startDate: '2099-01-01',
        frequency: 'Monthly',
        transactionStatus: 'RCVD',
        _links: {
          self: {
            href: '/v1/periodic-payments/sepa-credit-transfers/fd30cb89-50d6-442d-b793-99d8231cca72',
            verbs: ['GET'],
          },
          status: {
            href: '/v1/periodic-payments/sepa-credit-transfers/fd30cb89-50d6-442d-b793-99d8231cca72/status',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/periodic-payments/sepa-credit-transfers/fd30cb89-50d6-442d-b793-99d8231cca72/authorisations/14e6fa6f-9550-45a9-ae92-69154230a734',
            verbs: ['GET'],
          },
        },
      },
    },
  },
  getPeriodicPaymentAuthorisations: {
    responses: {
      '200': {
        authorisationIds: ['14e6fa6f-9550-45a9-ae92-69154230a734'],
      },
    },
  },
  getPeriodicPaymentScaStatus: {
    responses: {
      '200': {
        scaStatus: 'RECEIVED',
      },
    },
  },
  getPeriodicPaymentStatus: {
    responses: {
      '200': {
        transactionStatus: 'ACCP',
        fundsAvailable: true,
      },
    },
  },
  getSandboxAccountTransaction: {
    responses: {
      '200': {
        id: 'f6d0b415-0514-4d39-8774-fb29d040830a',
        amount: 111,
        currency: 'NOK',
        valueDate: '2026-11-23',
        remittanceInformationUnstructured: 'Workbench check',
        creditorName: 'Account Holder',
        creditorAccount: {
          iban: 'NO8697194459436',
          bban: '97194459436',
        },
        debtorName: 'Utenfor Banken AS',
        debtorAccount: {
          iban: 'NO9386011117947',
          bban: '86011117947',
        },
        bankTransactionCode: 'PMNT-RCDT-DMCT',
        ultimateDebtor: 'Utenfor Banken AS',
        ultimateCreditor: 'Account Holder',
        purposeCode: 'OTHR',
        bookingDate: '2026-11-23',
        _links: {
          self: {
            href: '/v1/sandbox/accounts/879fa689-8f97-4466-a412-dbd051f80d21/transactions/f6d0b415-0514-4d39-8774-fb29d040830a',
            verbs: ['GET'],
          },
        },
      },
    },
  },
  getSandboxAgreement: {
    responses: {
      '200': {
        id: 'agr-10000001',
        name: 'Ola Nordmann (privat)',
        engagements: [
          {
            id: 'eng-acc-10000001-brukskonto',
            customer: '10000001',
            account: {
              bban: '97100512347',
              iban: 'NO5297100512347',
            },
            roles: ['OWNER', 'DISPOSAL'],
            accessRights: true,
            paymentRights: true,
            transferRights: true,
            registerLimit: 0,
            approvalLimit: 0,
          },
          {
            id: 'eng-acc-10000001-sparekonto',
            customer: '10000001',
            account: {
              bban: '97100523454',
              iban: 'NO8797100523454',
            },
            roles: ['OWNER', 'DISPOSAL'],
            accessRights: true,
            paymentRights: true,
            transferRights: true,
            registerLimit: 0,
            approvalLimit: 0,
          },
        ],
        _links: {
          self: {
            href: '/v1/sandbox/agreements/agr-10000001',
            verbs: ['GET'],
          },
          engagements: {
            href: '/v1/sandbox/agreements/agr-10000001/engagements',
            verbs: ['POST'],
          },
        },
      },
    },
  },
  getSandboxCardAccount: {
    responses: {
      '200': {
        cardAccount: {
          resourceId: '4724882e-2e87-443b-9e5c-854977ac8e7f',
          maskedPan: '525412******7788',
          currency: 'NOK',
          creditLimit: {
            currency: 'NOK',
            amount: 1000000,
          },
          balances: [
            {
              balanceAmount: {
                currency: 'NOK',
                amount: 0,
              },
              balanceType: 'closingBooked',
            },
          ],
          cardId: 'workbench-card',
          cardIdVNo: '01',
          accountNumber: '97190131584',
          expiry: '2030-12',
          name: 'Workbench check card',
          product: 'MASTERCARD',
          status: 'enabled',
          _links: {
            self: {
              href: '/v1/sandbox/card-accounts/4724882e-2e87-443b-9e5c-854977ac8e7f',
              verbs: ['GET'],
            },
            transactions: {
              href: '/v1/sandbox/card-accounts/4724882e-2e87-443b-9e5c-854977ac8e7f/transactions',
              verbs: ['GET'],
            },
          },
        },
      },
    },
  },
  getSigningBasket: {
    responses: {
      '200': {
        payments: ['879514d1-2be9-4c80-b1bf-17ff4937a476', 'e0e1f19d-f1b3-4174-b63f-78d4b2448cdd'],
        transactionStatus: 'RCVD',
        _links: {
          self: {
            href: '/v1/signing-baskets/cf8659f1-0e05-47ef-815c-6b111ad8176b',
            verbs: ['GET'],
          },
          status: {
            href: '/v1/signing-baskets/cf8659f1-0e05-47ef-815c-6b111ad8176b/status',
            verbs: ['GET'],
          },
          startAuthorisation: {
            href: '/v1/signing-baskets/cf8659f1-0e05-47ef-815c-6b111ad8176b/authorisations',
            verbs: ['POST'],
          },
        },
      },
    },
  },
  getSigningBasketAuthorisations: {
    responses: {
      '200': {
        authorisationIds: ['1a421aa8-b505-412c-99c4-d00603c17313'],
      },
    },
  },
  getSigningBasketScaStatus: {
    responses: {
      '200': {
        scaStatus: 'PSU_IDENTIFIED',
      },
    },
  },
  getSigningBasketStatus: {
    responses: {
      '200': {
        transactionStatus: 'RCVD',
      },
    },
  },
  getTransactionDetails: {
    responses: {
      '200': {
        transactionsDetails: {
          transactionDetails: {
            transactionId: 'tx-0011',
            bookingDate: '2026-11-18',
            valueDate: '2026-11-18',
            transactionAmount: {
              amount: '-5000.00',
              currency: 'NOK',
            },
            creditorName: 'Ola Nordmann',
            creditorAccount: {
              iban: 'NO8797100523454',
              bban: '97100523454',
            },
            debtorName: 'Ola Nordmann',
            debtorAccount: {
              iban: 'NO5297100512347',
              bban: '97100512347',
            },
            remittanceInformationUnstructured: 'Sparing',
            ultimateCreditor: 'Ola Nordmann',
            ultimateDebtor: 'Ola Nordmann',
            purposeCode: 'CASH',
            bankTransactionCode: 'PMNT-ICDT-BOOK',
            _links: {
              transactionDetails: {
                href: '/v1/accounts/acc-10000001-brukskonto/transactions/tx-0011',
                verbs: ['GET'],
              },
            },
          },
        },
      },
    },
  },
  getTransactionList: {
    responses: {
      '200': {
        account: {
          iban: 'NO5297100512347',
          currency: 'NOK',
        },
        transactions: {
          booked: [
            {
              transactionId: 'tx-0011',
              bookingDate: '2026-11-18',
              valueDate: '2026-11-18',
              transactionAmount: {
                amount: '-5000.00',
                currency: 'NOK',
              },
              creditorName: 'Ola Nordmann',
              creditorAccount: {
                iban: 'NO8797100523454',
                bban: '97100523454',
              },
              debtorName: 'Ola Nordmann',
              debtorAccount: {
                iban: 'NO5297100512347',
                bban: '97100512347',
              },
              remittanceInformationUnstructured: 'Sparing',
              _links: {
                transactionDetails: {
                  href: '/v1/accounts/acc-10000001-brukskonto/transactions/tx-0011',
                  verbs: ['GET'],
                },
              },
            },
            {
              transactionId: 'tx-0010',
              bookingDate: '2026-11-15',
              valueDate: '2026-11-15',
              transactionAmount: {
                amount: '-14500.00',
                currency: 'NOK',
              },
              creditorName: 'Bergen Boligutleie AS',
              creditorAccount: {
                iban: 'NO5418221567893',
                bban: '18221567893',
              },
              debtorName: 'Ola Nordmann',
              debtorAccount: {
                iban: 'NO5297100512347',
                bban: '97100512347',
              },
              remittanceInformationUnstructured: 'Husleie',
              _links: {
                transactionDetails: {
                  href: '/v1/accounts/acc-10000001-brukskonto/transactions/tx-0010',
                  verbs: ['GET'],
                },
              },
            },
          ],
          pending: [
            {
              transactionId: 'tx-0013',
              bookingDate: '2026-11-24',
              valueDate: '2026-11-24',
              transactionAmount: {
                amount: '-1290.00',
                currency: 'NOK',
              },
              creditorName: 'Solsikken Barnehage SA',
              creditorAccount: {
                iban: 'NO6216002123456',
                bban: '16002123456',
              },
              debtorName: 'Ola Nordmann',
              debtorAccount: {
                iban: 'NO5297100512347',
                bban: '97100512347',
              },
              remittanceInformationUnstructured: 'Barnehage, KID 0088172',
              _links: {
                transactionDetails: {
                  href: '/v1/accounts/acc-10000001-brukskonto/transactions/tx-0013',
                  verbs: ['GET'],
                },
              },
            },
          ],
          _links: {
            account: {
              href: '/v1/accounts/acc-10000001-brukskonto',
              verbs: ['GET'],
            },
          },
        },
      },
    },
  },
  getUser: {
    responses: {
      '200': {
        psuId: '67ab573c-5bd6-4128-9f8f-d632493012b4',
        context: 'PRIVATE',
        scaValidUntil: '2026-11-25T00:41:33+00:00',
      },
    },
  },
  getUserScaStatus: {
    responses: {
      '200': {
        scaStatus: 'RECEIVED',
      },
    },
  },
  initializeSandbox: {
    responses: {
      '200': {},
    },
    request: {},
  },
  initiateBulkPayment: {
    responses: {
      '201': {
        transactionStatus: 'RCVD',
        paymentId: '7479fa8a-5181-4e5e-b3ef-5a6f876f918e',
        psuMessage: 'Authorise 1 credit transfers of 100.00 NOK in all in your bank.',
        _links: {
          scaRedirect: {
            href: 'http://127.0.0.1:8080/sca/a5335ce2-f6ac-4e10-ba9d-d4b9b5ccad80?t=TI3i_g5KXzz6jJZ3JtDOeWIrkclUVZC2',
            verbs: ['GET'],
          },
          self: {
            href: '/v1/bulk-payments/sepa-credit-transfers/7479fa8a-5181-4e5e-b3ef-5a6f876f918e',
            verbs: ['GET', 'DELETE'],
          },
          status: {
            href: '/v1/bulk-payments/sepa-credit-transfers/7479fa8a-5181-4e5e-b3ef-5a6f876f918e/status',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/bulk-payments/sepa-credit-transfers/7479fa8a-5181-4e5e-b3ef-5a6f876f918e/authorisations/a5335ce2-f6ac-4e10-ba9d-d4b9b5ccad80',
            verbs: ['GET'],
          },
        },
      },
    },
    request: {
      debtorAccount: {
        iban: 'NO5297100512347',
        currency: 'NOK',
      },
      payments: [
        {
          instructedAmount: {
            amount: '100.00',
            currency: 'NOK',
          },
          creditorAccount: {
            iban: 'NO6997100712346',
            currency: 'NOK',
          },
          creditorName: 'Kari Nordmann',
          remittanceInformationUnstructured: 'Workbench check 33 mwvc9iew',
        },
      ],
    },
  },
  initiatePayment: {
    responses: {
      '201': {
        transactionStatus: 'RCVD',
        paymentId: 'd49d9007-2a62-4c2c-bb28-ce670862acfc',
        psuMessage: 'Authorise 100.00 NOK to Kari Nordmann in your bank.',
        _links: {
          scaRedirect: {
            href: 'http://127.0.0.1:8080/sca/6c510362-f440-421e-8ad7-8a1ab4652c00?t=6ZFMY-i6DY1IiYdSS-8YKFr1WZrzbhMx',
            verbs: ['GET'],
          },
          self: {
            href: '/v1/payments/sepa-credit-transfers/d49d9007-2a62-4c2c-bb28-ce670862acfc',
            verbs: ['GET', 'DELETE'],
          },
          status: {
            href: '/v1/payments/sepa-credit-transfers/d49d9007-2a62-4c2c-bb28-ce670862acfc/status',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/payments/sepa-credit-transfers/d49d9007-2a62-4c2c-bb28-ce670862acfc/authorisations/6c510362-f440-421e-8ad7-8a1ab4652c00',
            verbs: ['GET'],
          },
        },
      },
    },
    request: {
      instructedAmount: {
        amount: '100.00',
        currency: 'NOK',
      },
      debtorAccount: {
        iban: 'NO5297100512347',
        currency: 'NOK',
      },
      creditorAccount: {
        iban: 'NO6997100712346',
        currency: 'NOK',
      },
      creditorName: 'Kari Nordmann',
      remittanceInformationUnstructured: 'Workbench check 3 mwvc99mh',
    },
  },
  initiatePeriodicPayment: {
    responses: {
      '201': {
        transactionStatus: 'RCVD',
        paymentId: '33c52708-e6cf-46f6-915e-85b11c5a83fd',
        psuMessage:
          'Authorise a standing order of 100.00 NOK to Kari Nordmann (Monthly) in your bank.',
        _links: {
          scaRedirect: {
            href: 'http://127.0.0.1:8080/sca/e434ae62-fcdd-4957-8924-3a531a5cb516?t=72clRskt6ax8PvNcW2pwnj5a9Bp8ALdl',
            verbs: ['GET'],
          },
          self: {
            href: '/v1/periodic-payments/sepa-credit-transfers/33c52708-e6cf-46f6-915e-85b11c5a83fd',
            verbs: ['GET', 'DELETE'],
          },
          status: {
            href: '/v1/periodic-payments/sepa-credit-transfers/33c52708-e6cf-46f6-915e-85b11c5a83fd/status',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/periodic-payments/sepa-credit-transfers/33c52708-e6cf-46f6-915e-85b11c5a83fd/authorisations/e434ae62-fcdd-4957-8924-3a531a5cb516',
            verbs: ['GET'],
          },
        },
      },
    },
    request: {
      instructedAmount: {
        amount: '100.00',
        currency: 'NOK',
      },
      debtorAccount: {
        iban: 'NO5297100512347',
        currency: 'NOK',
      },
      creditorAccount: {
        iban: 'NO6997100712346',
        currency: 'NOK',
      },
      creditorName: 'Kari Nordmann',
      remittanceInformationUnstructured: 'Workbench check 17 mwvc9cjx',
      startDate: '2026-11-25',
      frequency: 'Monthly',
    },
  },
  listSandboxAccounts: {
    responses: {
      '200': [
        {
          id: 'acc-10000001-brukskonto',
          customerNumber: '10000001',
          accountName: 'Brukskonto',
          bban: '97100512347',
          iban: 'NO5297100512347',
          currency: 'NOK',
          product: 'Brukskonto',
          cashAccountType: 'CACC',
          creditLine: 0,
          balances: [
            {
              balanceAmount: {
                currency: 'NOK',
                amount: 6335600,
              },
              balanceType: 'closingBooked',
            },
            {
              balanceAmount: {
                currency: 'NOK',
                amount: 6206600,
              },
              balanceType: 'expected',
            },
          ],
          _links: {
            self: {
              href: '/v1/accounts/acc-10000001-brukskonto',
              verbs: ['GET'],
            },
            transactions: {
              href: '/v1/sandbox/accounts/acc-10000001-brukskonto/transactions',
              verbs: ['GET'],
            },
          },
        },
        {
          id: 'acc-10000001-sparekonto',
          customerNumber: '10000001',
          accountName: 'Høyrentekonto',
          bban: '97100523454',
          iban: 'NO8797100523454',
          currency: 'NOK',
          product: 'Høyrentekonto',
          cashAccountType: 'SVGS',
          creditLine: 0,
          balances: [
            {
              balanceAmount: {
                currency: 'NOK',
                amount: 15200000,
              },
              balanceType: 'closingBooked',
            },
            {
              balanceAmount: {
                currency: 'NOK',
                amount: 15200000,
              },
              balanceType: 'expected',
            },
          ],
          _links: {
            self: {
              href: '/v1/accounts/acc-10000001-sparekonto',
              verbs: ['GET'],
            },
            transactions: {
              href: '/v1/sandbox/accounts/acc-10000001-sparekonto/transactions',
              verbs: ['GET'],
            },
          },
        },
      ],
    },
  },
  listSandboxAccountTransactions: {
    responses: {
      '200': [
        {
          id: 'ftx-0353',
          amount: -78200,
          currency: 'NOK',
          valueDate: '2026-11-24',
          remittanceInformationUnstructured: 'Strøm (pending 6)',
          creditorName: 'Norsk Kraft AS',
          creditorAccount: {
            iban: 'NO8330001234567',
            bban: '30001234567',
          },
          debtorName: 'Per Testesen',
          debtorAccount: {
            iban: 'NO7397102165431',
            bban: '97102165431',
          },
          bankTransactionCode: 'PMNT-ICDT-DMCT',
          ultimateDebtor: 'Per Testesen',
          ultimateCreditor: 'Norsk Kraft AS',
          purposeCode: 'ELEC',
          bookingDate: '2026-11-24',
          _links: {
            self: {
              href: '/v1/sandbox/accounts/acc-30000001-brukskonto/transactions/ftx-0353',
              verbs: ['GET'],
            },
          },
        },
        {
          id: 'ftx-0352',
          amount: -15600,
          currency: 'NOK',
          valueDate: '2026-11-24',
          remittanceInformationUnstructured: 'Mobiloverføring (pending 5)',
          creditorName: 'Fiskehallen Bergen AS',
          creditorAccount: {
            iban: 'NO3863450987656',
            bban: '63450987656',
          },
          debtorName: 'Per Testesen',
          debtorAccount: {
            iban: 'NO7397102165431',
            bban: '97102165431',
          },
          bankTransactionCode: 'PMNT-ICDT-DMCT',
          ultimateDebtor: 'Per Testesen',
          ultimateCreditor: 'Fiskehallen Bergen AS',
          purposeCode: 'OTHR',
          bookingDate: '2026-11-24',
          _links: {
            self: {
              href: '/v1/sandbox/accounts/acc-30000001-brukskonto/transactions/ftx-0352',
              verbs: ['GET'],
            },
          },
        },
      ],
    },
  },
  listSandboxCardTransactions: {
    responses: {
      '200': {
        cardAccount: {
          maskedPan: '525412******7788',
        },
        cardTransactions: {
          booked: [
            {
              cardTransactionId: 'wb-ct-mwvc9b2e-2',
              bookingDate: '2026-11-21',
              transactionDate: '2026-11-22',
              transactionAmount: {
                currency: 'NOK',
                amount: -12900,
              },
              originalAmount: {
                currency: 'NOK',
                amount: -12900,
              },
              merchantCategoryCode: '5411',
            },
            {
              cardTransactionId: 'wb-ct-mwvc9b2e-1',
              bookingDate: '2026-11-21',
              transactionDate: '2026-11-22',
              transactionAmount: {
                currency: 'NOK',
                amount: -12900,
              },
              originalAmount: {
                currency: 'NOK',
                amount: -12900,
              },
              merchantCategoryCode: '5411',
            },
          ],
          pending: [],
        },
      },
    },
  },
  listSandboxCustomers: {
    responses: {
      '200': [
        {
          customerNumber: '10000001',
          type: 'PRIVATE',
          name: 'Ola Nordmann',
          nationalIdentityNumber: '15038512363',
          agreements: [
            {
              id: 'agr-10000001',
              name: 'Ola Nordmann (privat)',
              type: 'PRIVATE',
              relation: 'owner',
              _links: {
                self: {
                  href: '/v1/sandbox/agreements/agr-10000001',
                  verbs: ['GET'],
                },
              },
            },
            {
              id: 'agr-20000001',
              name: 'Nordlys Rørlegger AS',
              type: 'CORPORATE',
              relation: 'representative',
              _links: {
                self: {
                  href: '/v1/sandbox/agreements/agr-20000001',
                  verbs: ['GET'],
                },
              },
            },
          ],
        },
        {
          customerNumber: '10000002',
          type: 'PRIVATE',
          name: 'Kari Nordmann',
          nationalIdentityNumber: '62079045611',
          agreements: [
            {
              id: 'agr-10000002',
              name: 'Kari Nordmann (privat)',
              type: 'PRIVATE',
              relation: 'owner',
              _links: {
                self: {
                  href: '/v1/sandbox/agreements/agr-10000002',
                  verbs: ['GET'],
                },
              },
            },
            {
              id: 'agr-20000001',
              name: 'Nordlys Rørlegger AS',
              type: 'CORPORATE',
              relation: 'representative',
              _links: {
                self: {
                  href: '/v1/sandbox/agreements/agr-20000001',
                  verbs: ['GET'],
                },
              },
            },
          ],
        },
      ],
    },
  },
  readAccountDetails: {
    responses: {
      '200': {
        account: {
          resourceId: 'acc-10000001-brukskonto',
          iban: 'NO5297100512347',
          bban: '97100512347',
          currency: 'NOK',
          name: 'Brukskonto',
          product: 'Brukskonto',
          cashAccountType: 'CACC',
          status: 'enabled',
          usage: 'PRIV',
          _links: {
            balances: {
              href: '/v1/accounts/acc-10000001-brukskonto/balances',
              verbs: ['GET'],
            },
            transactions: {
              href: '/v1/accounts/acc-10000001-brukskonto/transactions',
              verbs: ['GET'],
            },
          },
        },
      },
    },
  },
  readCardAccount: {
    responses: {
      '200': {
        cardAccount: {
          resourceId: 'card-10000001',
          maskedPan: '525412******3241',
          currency: 'NOK',
          name: 'Mastercard Platinum',
          product: 'MASTERCARD',
          status: 'enabled',
          usage: 'PRIV',
          creditLimit: {
            amount: '50000.00',
            currency: 'NOK',
          },
          _links: {
            balances: {
              href: '/v1/card-accounts/card-10000001/balances',
              verbs: ['GET'],
            },
            transactions: {
              href: '/v1/card-accounts/card-10000001/transactions',
              verbs: ['GET'],
            },
          },
        },
      },
    },
  },
  startSigningBasketAuthorisation: {
    responses: {
      '201': {
        scaStatus: 'PSU_IDENTIFIED',
        authorisationId: '0b093c5a-f5ad-455c-af64-ff280ee776a8',
        _links: {
          scaRedirect: {
            href: 'http://127.0.0.1:8080/sca/0b093c5a-f5ad-455c-af64-ff280ee776a8?t=R_2_IZUBfgpsV8Ii8WfCO5GS8HwVcBjQ',
            verbs: ['GET'],
          },
          scaStatus: {
            href: '/v1/signing-baskets/e2dbd333-281b-4c7c-9448-35aa13b44efa/authorisations/0b093c5a-f5ad-455c-af64-ff280ee776a8',
            verbs: ['GET'],
          },
          self: {
            href: '/v1/signing-baskets/e2dbd333-281b-4c7c-9448-35aa13b44efa',
            verbs: ['GET'],
          },
        },
      },
    },
  },
};
