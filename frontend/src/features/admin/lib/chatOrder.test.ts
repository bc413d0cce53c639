import { describe, expect, it } from 'vitest';
import {
  ADD_AN_ITEM,
  CHOOSE_STATE,
  CODE_OR_DISCOUNT,
  DEPOSIT_PERCENT,
  DISCOUNT_REASON,
  EMPTY_DRAFT,
  INVALID_PHONE,
  NAME_AND_PHONE,
  QUANTITY_RANGE,
  chatOrderBody,
  draftProblem,
  estimate,
  type DraftLine,
  type DraftOrder,
} from './chatOrder';

const line: DraftLine = {
  variantId: 'v-42-black',
  productId: 'oxford',
  name: 'Oxford Brogue',
  option: '42 · Black',
  price: 2_500_000,
  available: 5,
  quantity: '2',
};

const ready: DraftOrder = { ...EMPTY_DRAFT, name: 'Ngozi Eze', phone: '0803 555 0100', lines: [line], state: 'Lagos' };

describe('the New order form', () => {
  it('says what to fix first, in the server’s words', () => {
    expect(draftProblem(EMPTY_DRAFT)).toEqual({ field: 'name', message: NAME_AND_PHONE });
    expect(draftProblem({ ...ready, phone: '' })).toEqual({ field: 'phone', message: NAME_AND_PHONE });
    expect(draftProblem({ ...ready, phone: '0803 abc' })).toEqual({ field: 'phone', message: INVALID_PHONE });
    expect(draftProblem({ ...ready, lines: [] })).toEqual({ field: 'lines', message: ADD_AN_ITEM });
    expect(draftProblem({ ...ready, lines: [{ ...line, quantity: '0' }] })?.message).toBe(QUANTITY_RANGE);
    expect(draftProblem({ ...ready, state: '' })).toEqual({ field: 'state', message: CHOOSE_STATE });
    expect(draftProblem({ ...ready, delivery: 'fee', fee: '-5' })?.message).toBe(
      'The delivery fee cannot be negative.',
    );
    expect(draftProblem({ ...ready, discount: '5000' })).toEqual({ field: 'discountReason', message: DISCOUNT_REASON });
    expect(draftProblem({ ...ready, discount: '5000', discountReason: 'Friend', code: 'SAVE10' })?.message).toBe(
      CODE_OR_DISCOUNT,
    );
    expect(draftProblem({ ...ready, deposit: 'percent', depositValue: '100' })?.message).toBe(DEPOSIT_PERCENT);
    expect(draftProblem({ ...ready, deposit: 'percent', depositValue: '0' })?.message).toBe(DEPOSIT_PERCENT);
    expect(draftProblem(ready)).toBeNull();
  });

  it('becomes the request the API reads', () => {
    const body = chatOrderBody({
      ...ready,
      email: ' ngozi@example.com ',
      accountId: 'u-9',
      street: '12 Admiralty Way',
      city: 'Lekki',
      discount: '1,500',
      discountReason: 'Loyal customer',
      deposit: 'percent',
      depositValue: '40',
      note: 'Before Friday',
      customerNote: '',
      source: 'instagram',
    });
    expect(body).toEqual({
      customer: { name: 'Ngozi Eze', phone: '0803 555 0100', email: 'ngozi@example.com', accountId: 'u-9' },
      lines: [{ variantId: 'v-42-black', quantity: 2 }],
      delivery: {
        state: 'Lagos',
        address: {
          street: '12 Admiralty Way',
          city: 'Lekki',
          state: 'Lagos',
          country: 'Nigeria',
          postalCode: '',
          landmark: '',
        },
      },
      code: undefined,
      discount: { amount: '1500', reason: 'Loyal customer' },
      deposit: { percent: 40 },
      note: 'Before Friday',
      customerNote: undefined,
      source: 'instagram',
    });
    expect(chatOrderBody({ ...ready, delivery: 'pickup', code: ' SAVE10 ' })).toMatchObject({
      delivery: { pickup: true },
      code: 'SAVE10',
      deposit: undefined,
    });
    expect(
      chatOrderBody({ ...ready, delivery: 'fee', fee: '3,500', deposit: 'amount', depositValue: '20000' }),
    ).toMatchObject({ delivery: { fee: '3500' }, deposit: { amount: '20000' } });
  });

  it('estimates the price and the deposit as the server works them out', () => {
    const zone = () => 250_000;
    expect(estimate(ready, zone)).toEqual({
      subtotal: 5_000_000,
      delivery: 250_000,
      discount: 0,
      total: 5_250_000,
      now: 5_250_000,
    });
    // 40% of ₦52,500.03 is ₦21,000.012: to the kobo.
    const odd = { ...ready, lines: [{ ...line, price: 2_500_003 }], deposit: 'percent' as const, depositValue: '40' };
    expect(estimate(odd, () => 249_997).now).toBe(2_100_001);
    expect(estimate({ ...ready, delivery: 'pickup', discount: '500' }, zone)).toMatchObject({
      delivery: 0,
      discount: 50_000,
      total: 4_950_000,
    });
    // No zone for the state: no total yet.
    expect(estimate(ready, () => null).total).toBeNull();
  });
});
