import { describe, expect, it } from 'vitest';
import { isoCountry, type Country } from './abroad';
import { looksLikePhone, MESSAGES, trimValues, validateCheckout, type CheckoutValues } from './validate';

const good: CheckoutValues = {
  customer: { name: 'Ada Obi', email: 'ada@example.com', phone: '+234 (803) 000-0000' },
  address: {
    street: '12 Marina Road',
    city: 'Lagos',
    state: 'Lagos',
    country: 'Nigeria',
    postalCode: '101001',
    landmark: '',
  },
  method: 'delivery',
};
const withAddress = (patch: Partial<CheckoutValues['address']>) => ({
  ...good,
  address: { ...good.address, ...patch },
});
const withCustomer = (patch: Partial<CheckoutValues['customer']>) => ({
  ...good,
  customer: { ...good.customer, ...patch },
});

describe('validateCheckout', () => {
  it('accepts a complete form', () => {
    expect(validateCheckout(good)).toBeNull();
  });

  it.each(['street', 'city', 'state', 'country', 'postalCode'] as const)('needs the %s (SPEC message)', (field) => {
    expect(validateCheckout(withAddress({ [field]: '   ' }))).toEqual({ message: MESSAGES.address, field });
    expect(MESSAGES.address).toBe('Please fill in all delivery address fields');
  });

  it('needs no postal code in Nigeria by the default rule, but does elsewhere and when the merchant says so', () => {
    const none = withAddress({ postalCode: '' });
    expect(validateCheckout(none, 'optional_in_nigeria')).toBeNull();
    expect(
      validateCheckout({ ...none, address: { ...none.address, country: 'Ghana' } }, 'optional_in_nigeria'),
    ).toEqual({
      message: MESSAGES.address,
      field: 'postalCode',
    });
    expect(validateCheckout(none, 'optional')).toBeNull();
    expect(validateCheckout(none, 'required')?.field).toBe('postalCode');
    expect(validateCheckout(none)?.field).toBe('postalCode');
  });

  it('sends the landmark and the note trimmed, never requires them', () => {
    const values = { ...withAddress({ landmark: '  Opposite Shoprite ' }), note: ' Call first ' };
    expect(validateCheckout(values)).toBeNull();
    expect(trimValues(values).address.landmark).toBe('Opposite Shoprite');
    expect(trimValues(values).note).toBe('Call first');
  });

  it('checks name, e-mail and phone first, in that order', () => {
    expect(
      validateCheckout({ ...withCustomer({ name: '', phone: '' }), address: { ...good.address, city: '' } }),
    ).toEqual({
      message: MESSAGES.customer,
      field: 'name',
    });
    expect(validateCheckout(withCustomer({ email: 'ada@example' }))?.field).toBe('email');
    expect(validateCheckout(withCustomer({ phone: '12345' }))).toEqual({ message: MESSAGES.phone, field: 'phone' });
  });

  it('phones: 7 to 15 digits with the usual separators', () => {
    expect(looksLikePhone('08030000000')).toBe(true);
    expect(looksLikePhone('+234 803 000 0000')).toBe(true);
    expect(looksLikePhone('0803-000-0000 ext')).toBe(false);
    expect(looksLikePhone('1234567890123456')).toBe(false);
  });

  it('sends trimmed values', () => {
    expect(trimValues(withAddress({ city: '  Ikeja ' })).address.city).toBe('Ikeja');
  });
});

describe('validateCheckout abroad', () => {
  const uk: Country = {
    code: 'GB',
    name: 'United Kingdom',
    region: 'GB',
    postcodeLabel: 'Postcode',
    postcodeRequired: true,
    regionLabel: 'County',
    regions: [],
  };
  const us: Country = {
    ...uk,
    code: 'US',
    name: 'United States',
    region: 'US',
    postcodeLabel: 'ZIP code',
    regionLabel: 'State',
    regions: ['Texas'],
  };
  const london = withAddress({ city: 'London', state: '', country: 'GB', postalCode: 'SW9 6BU' });

  it('needs no county in the UK, but its postcode', () => {
    expect(validateCheckout(london, 'required', uk)).toBeNull();
    expect(validateCheckout({ ...london, address: { ...london.address, postalCode: '' } }, 'required', uk)).toEqual({
      message: MESSAGES.address,
      field: 'postalCode',
    });
  });

  it("needs a state of the country's own list in the US", () => {
    const houston = withAddress({ city: 'Houston', state: '', country: 'US', postalCode: '77002' });
    expect(validateCheckout(houston, 'required', us)).toEqual({ message: MESSAGES.address, field: 'state' });
    expect(validateCheckout({ ...houston, address: { ...houston.address, state: 'Lagos' } }, 'required', us)).toEqual({
      message: MESSAGES.address,
      field: 'state',
    });
    expect(
      validateCheckout({ ...houston, address: { ...houston.address, state: 'Texas' } }, 'required', us),
    ).toBeNull();
  });

  it('asks no postcode where the post has none', () => {
    const anywhere = { ...uk, postcodeLabel: '', postcodeRequired: false };
    expect(
      validateCheckout({ ...london, address: { ...london.address, postalCode: '' } }, 'required', anywhere),
    ).toBeNull();
  });
});

describe('the country of an address', () => {
  it('reads Nigeria however it is spelt, else the ISO code', () => {
    expect(isoCountry('Nigeria')).toBe('NG');
    expect(isoCountry(' nigeria ')).toBe('NG');
    expect(isoCountry('NG')).toBe('NG');
    expect(isoCountry('')).toBe('NG');
    expect(isoCountry('gb')).toBe('GB');
  });
});
