/**
 * The soak's setup before the load (run.ts): one test CA and key pair, the TPPs' registry
 * entries, and each TPP with its QSealC, PSU session, signing client and own sandbox holdings.
 */
import { norwegianIban } from '../../main/core/bank/domain/ids.js';
import { isBbanInUse } from '../../main/core/bank/domain/parties.js';
import { TppRegistry, type Bank } from '../../main/core/bank/index.js';
import { createTestCa, issueQsealc, type TestCa } from '../../main/core/certs/issue.js';
import { generateRsaKeyPair, type RsaKeyPair } from '../../main/core/certs/keys.js';
import { norwegianBbanCheckDigit } from '../../main/core/spec/validators/norwegian-bban.js';
import { TppClient } from '../../main/core/tpp/client.js';
import { newPsuSession } from '../../main/core/tpp/psu-session.js';
import { Random } from './book.js';
import { SoakTpp, type SoakPsu, type SoakWorld } from './tpp.js';

const FUNDING_MINOR = 300_000; // 3 000.00 NOK: payments of up to 400.00 run it down; deposits refill it
const REDIRECT_BASE = 'https://tpp.example/soak';

interface AccountNumber {
  bban: string;
  iban: string;
}

/** The organisation of the soak's TPP number `i` (its QSealC and registry entry). */
const orgId = (i: number) => `PSDNO-FSA-SOAK${String(i).padStart(4, '0')}`;

/** The registry of the soak's `count` TPPs, each an AISP and a PISP. */
export function soakRegistry(count: number): TppRegistry {
  return new TppRegistry(
    Array.from({ length: count }, (_, i) => ({
      organizationIdentifier: orgId(i),
      name: `Soak TPP ${i}`,
      roles: ['AISP' as const, 'PISP' as const],
    })),
  );
}

/**
 * Free Norwegian account numbers for the TPPs' holdings, `9720` + a running number + the mod-11
 * check digit, skipping any the bank already has. (900 000 candidates; a soak needs 3 per TPP.)
 */
export function freeAccountNumbers(bank: Bank): () => AccountNumber {
  const state = bank.state();
  let n = 100_000;
  return () => {
    for (; n <= 999_999; n++) {
      const firstTen = `9720${n}`;
      const check = norwegianBbanCheckDigit(firstTen);
      if (check === undefined) continue;
      const bban = `${firstTen}${check}`;
      const iban = norwegianIban(bban);
      if (iban && !isBbanInUse(state, bban)) {
        n++;
        return { bban, iban };
      }
    }
    throw new Error('no free account number left in the 9720 range');
  };
}

export async function createPki(): Promise<{ ca: TestCa; keyPair: RsaKeyPair }> {
  const [rootKey, intermediateKey, keyPair] = await Promise.all([
    generateRsaKeyPair(2048),
    generateRsaKeyPair(2048),
    generateRsaKeyPair(2048),
  ]);
  return { ca: await createTestCa({ rootKey, intermediateKey }), keyPair };
}

/** What every TPP of the soak is set up with. */
export interface TppSetup {
  pki: { ca: TestCa; keyPair: RsaKeyPair };
  bankUrl: string;
  world: SoakWorld;
  /** The run's random source; each TPP draws its own from it in turn. */
  root: Random;
  nextAccountNumber: () => AccountNumber;
}

/** The soak's TPP number `i`, acting for `psu`: its QSealC, PSU session, client and holdings. */
export async function enlistTpp(i: number, psu: SoakPsu, setup: TppSetup): Promise<SoakTpp> {
  const { ca, keyPair } = setup.pki;
  const certificate = await issueQsealc({
    issuer: ca.issuer,
    subject: {
      commonName: `Soak TPP ${i}`,
      organizationName: `Soak TPP ${i} AS`,
      countryName: 'NO',
      organizationIdentifier: orgId(i),
    },
    roles: ['PSP_AI', 'PSP_PI'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
    keyPair,
  });
  const session = newPsuSession(`${REDIRECT_BASE}/${i}/callback`, {
    psuIpAddress: `192.0.2.${(i % 250) + 1}`,
  });
  const client = new TppClient({
    baseUrl: setup.bankUrl,
    signing: { key: certificate.privateKey, certificate: certificate.certificateDer },
    session: () => session,
  });
  const tpp = new SoakTpp(
    orgId(i),
    client,
    session,
    { customerNumber: psu.customerNumber, nationalIdentityNumber: psu.nationalIdentityNumber },
    setup.world,
    new Random(Math.floor(setup.root.next() * 2 ** 31)),
  );
  await openAccounts(tpp, i, setup.nextAccountNumber);
  return tpp;
}

/** The TPP's own holdings through the sandbox API (§4.3): pay and scratch accounts and a card. */
async function openAccounts(tpp: SoakTpp, index: number, nextAccountNumber: () => AccountNumber) {
  const account = async (name: string, creditLine: number, funding: number) => {
    const free = nextAccountNumber();
    const { body } = await tpp.expect('POST /v1/sandbox/accounts', 201, {
      method: 'POST',
      path: '/v1/sandbox/accounts',
      body: {
        customerNumber: tpp.psu.customerNumber,
        accountName: name,
        bban: free.bban,
        iban: free.iban,
        currency: 'NOK',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        creditLine,
        balances: [
          { balanceAmount: { currency: 'NOK', amount: funding }, balanceType: 'closingBooked' },
        ],
      },
    });
    return { id: body.id as string, bban: free.bban, iban: free.iban };
  };
  // Every other pay account has a credit line: funds are expected balance plus credit line.
  tpp.pay = await account(`Soak ${index} brukskonto`, index % 2 === 0 ? 0 : 50_000, FUNDING_MINOR);
  tpp.scratch = await account(`Soak ${index} sandkasse`, 0, 0);
  const cardBban = nextAccountNumber().bban;
  const maskedPan = `525412******${String(index).padStart(4, '0')}`;
  const { body } = await tpp.expect('POST /v1/sandbox/card-accounts', 201, {
    method: 'POST',
    path: '/v1/sandbox/card-accounts',
    body: {
      customerNumber: tpp.psu.customerNumber,
      maskedPan,
      currency: 'NOK',
      creditLimit: { currency: 'NOK', amount: 2_000_000 },
      balances: [{ balanceAmount: { currency: 'NOK', amount: 0 }, balanceType: 'closingBooked' }],
      cardId: `soak-card-${index}`,
      cardIdVNo: '01',
      accountNumber: cardBban,
      expiry: '2030-06',
      name: 'Mastercard Gold',
      product: 'MASTERCARD',
      status: 'enabled',
    },
  });
  tpp.card = { id: body.resourceId as string, maskedPan };
}
