import type { SandboxOutcome } from '../api/sandbox';

/** Paystack's test cards (PAYSTACK.md), with the outcome the sandbox gives each. */
export const TEST_CARDS: { number: string; cvv: string; outcome: SandboxOutcome; label: string }[] = [
  { number: '4084 0840 8408 4081', cvv: '408', outcome: 'success', label: 'Success' },
  { number: '4084 0800 0000 5408', cvv: '001', outcome: 'declined', label: 'Declined' },
  { number: '4084 0800 0067 0037', cvv: '787', outcome: 'insufficient_funds', label: 'Insufficient funds' },
];

/** The sandbox's test bank account for transfers. */
export const TEST_ACCOUNT = { number: '0123456789', bank: 'Test Bank' };

/** The ways the sandbox pays, as the shop's channels name them. */
export type SandboxWay = 'card' | 'bank_transfer' | 'ussd';
export const WAYS: ReadonlyArray<{ way: SandboxWay; label: string }> = [
  { way: 'card', label: 'Card' },
  { way: 'bank_transfer', label: 'Bank transfer' },
  { way: 'ussd', label: 'USSD' },
];

/** The ways to show of the channels the shop offers; a card when the sandbox simulates none of them. */
export function sandboxWays(channels: ReadonlyArray<string> | undefined): SandboxWay[] {
  const offered = WAYS.map((w) => w.way).filter((way) => (channels ?? ['card']).includes(way));
  return offered.length > 0 ? offered : ['card'];
}

/** Naira for a USSD code: whole naira as digits ("14845"), else with kobo ("14845.50"). */
function nairaDigits(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  return kobo % 100 === 0 ? String(naira) : `${naira}.${String(kobo % 100).padStart(2, '0')}`;
}

/** The test USSD code to dial for an amount: "*737*000*14845#". */
export function ussdCode(kobo: number): string {
  return `*737*000*${nairaDigits(kobo)}#`;
}
