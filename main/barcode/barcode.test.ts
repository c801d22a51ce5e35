import { describe, expect, it } from 'vitest';
import {
  BarcodeReader,
  expandUpcE,
  gtinCheckDigit,
  hasValidCheckDigit,
  parseGs1,
  readGtin,
} from './index.ts';

const GS = '\u001d';
const reader = new BarcodeReader();
const now = new Date('2026-06-01T00:00:00Z');

describe('GTIN check digits', () => {
  it.each([
    ['4006381333931', 'EAN-13'], // STABILO BOSS
    ['5901234123457', 'EAN-13'], // GS1 Poland example
    ['9780306406157', 'EAN-13'], // ISBN-13
    ['8594001020317', 'EAN-13'],
    ['96385074', 'EAN-8'],
    ['73513537', 'EAN-8'],
    ['036000291452', 'UPC-A'], // Wrigley's
    ['012345678905', 'UPC-A'],
    ['09506000134352', 'GTIN-14'], // GS1 DataMatrix guideline example
    ['10614141000415', 'GTIN-14'],
  ] as const)('%s is a valid %s', (code, format) => {
    expect(readGtin(code)).toMatchObject({ valid: true, format });
  });

  it('reports a wrong check digit as a misread that names the right digit', () => {
    const reading = readGtin('4006381333932');
    expect(reading).toEqual({
      valid: false,
      format: 'EAN-13',
      message: '4006381333932 is not a valid EAN-13: the check digit should be 1, not 2. Scan it again.',
      said: [
        {
          key: 'gtinCheckDigit',
          values: { code: '4006381333932', format: 'EAN-13', expected: 1, actual: '2' },
        },
      ],
    });
    expect(reader.read('4006381333932').kind).toBe('misread');
    expect(reader.read('036000291453').kind).toBe('misread');
    expect(reader.read('96385075').kind).toBe('misread');
    expect(reader.read('09506000134353').kind).toBe('misread');
  });

  it('computes check digits', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(hasValidCheckDigit('12345')).toBe(false);
  });

  it('expands UPC-E to UPC-A (all four compression forms) and looks it up under both', () => {
    expect(expandUpcE('04252614')).toBe('042100005264');
    expect(expandUpcE('01234565')).toBe('012345000065');
    expect(expandUpcE('01234531')).toBe('012300000451');
    expect(expandUpcE('01234549')).toBe('012340000059');
    expect(expandUpcE('21234565')).toBeUndefined();
    expect(reader.read('04252614')).toEqual({
      kind: 'gtin',
      code: '04252614',
      format: 'UPC-E',
      lookup: ['042100005264', '0042100005264', '04252614'],
    });
  });

  it('looks a UPC-A up as itself and as EAN-13, a GTIN-14 as its shorter forms', () => {
    expect(reader.read('036000291452')).toMatchObject({ lookup: ['036000291452', '0036000291452'] });
    expect(reader.read('0036000291452')).toMatchObject({
      format: 'EAN-13',
      lookup: ['0036000291452', '036000291452'],
    });
    expect(reader.read('00036000291452')).toMatchObject({
      format: 'GTIN-14',
      lookup: ['00036000291452', '0036000291452', '036000291452'],
    });
  });

  it('leaves non-GTIN codes (internal codes, card numbers) as they are, minus an AIM identifier', () => {
    expect(reader.read('CARD-000123')).toEqual({ kind: 'other', code: 'CARD-000123' });
    expect(reader.read('123456')).toEqual({ kind: 'other', code: '123456' });
    expect(reader.read(']E04006381333931')).toMatchObject({ kind: 'gtin', code: '4006381333931' });
  });
});

describe('price- and weight-embedded EAN-13', () => {
  it('reads the price from 23.....{NNNDD} and finds the product by the zeroed code', () => {
    const reading = reader.read('2312345012500');
    expect(reading).toMatchObject({ kind: 'embedded', embedded: { value: 12.5, rule: { type: 'price' } } });
    expect(reading).toMatchObject({ lookup: ['2312345000002'] });
    expect(hasValidCheckDigit('2312345000002')).toBe(true);
  });

  it('reads the weight in kg from 21.....{NNDDD}', () => {
    expect(reader.read('2100123012343')).toMatchObject({
      kind: 'embedded',
      embedded: { value: 1.234, rule: { type: 'weight' }, productBarcode: '2100123000005' },
    });
  });

  it('takes configured rules, and an ordinary EAN-13 when no rule matches', () => {
    const custom = new BarcodeReader([{ type: 'weight', pattern: '28....{NNNNDD}' }]);
    expect(custom.read('2801230152006')).toMatchObject({
      embedded: { value: 152, productBarcode: '2801230000000' },
    });
    expect(custom.read('2312345012500')).toMatchObject({ kind: 'gtin' });
    expect(() => new BarcodeReader([{ type: 'price', pattern: '23....{NNNDD}' }])).toThrow(/12 digits/);
    expect(() => new BarcodeReader([{ type: 'price', pattern: '23.....NNNDD' }])).toThrow();
  });

  it('reports a wrong check digit on an embedded code as a misread, not as a price', () => {
    expect(reader.read('2312345012507').kind).toBe('misread');
  });
});

describe('GS1 element strings', () => {
  it('reads a GS1 DataMatrix (]d2) with GTIN, expiry, batch and serial separated by GS', () => {
    const reading = reader.read(`]d201095060001343521726123110ABC123${GS}21SN0042`, now);
    expect(reading).toMatchObject({
      kind: 'gs1',
      lookup: ['09506000134352', '9506000134352'],
      gs1: { gtin: '09506000134352', expiry: '2026-12-31', batch: 'ABC123', serial: 'SN0042' },
    });
  });

  it('reads a GS1-128 (]C1) with a net weight (3103) and a price (3922)', () => {
    const reading = reader.read(`]C10104006381333931310300125039221299`, now);
    expect(reading).toMatchObject({
      kind: 'gs1',
      lookup: ['04006381333931', '4006381333931'],
      gs1: { netWeightKg: 1.25, price: 12.99 },
    });
    const parsed = parseGs1(`]C10109506000134352310300125039221299${GS}11240101152506003012`, now);
    expect(parsed).toMatchObject({
      ok: true,
      reading: {
        netWeightKg: 1.25,
        price: 12.99,
        productionDate: '2024-01-01',
        bestBefore: '2025-06-30',
        count: 12,
      },
    });
  });

  it('reads GS-separated strings without a symbology identifier, and the bracketed form', () => {
    expect(reader.read(`${GS}010950600013435210LOT7${GS}17991231`, now)).toMatchObject({
      gs1: { batch: 'LOT7', expiry: '1999-12-31' },
    });
    expect(reader.read('(01)09506000134352(17)260228(10)ABC', now)).toMatchObject({
      gs1: { expiry: '2026-02-28', batch: 'ABC' },
    });
    // DD 00 is the month's last day.
    expect(parseGs1('010950600013435217260200', now)).toMatchObject({
      reading: { expiry: '2026-02-28' },
    });
  });

  it('reports a wrong GTIN check digit, a bad date or an unknown AI as a misread', () => {
    expect(reader.read(']d20109506000134353', now)).toMatchObject({
      kind: 'misread',
      message: 'GTIN 09506000134353 has a wrong check digit. Scan it again.',
    });
    expect(reader.read(']d2010950600013435217261341', now)).toMatchObject({
      kind: 'misread',
      message: 'GS1 element (17) is not a date: 261341.',
    });
    expect(reader.read(']C15512345', now)).toMatchObject({
      kind: 'misread',
      message: 'Unknown GS1 application identifier at "5512".',
    });
    expect(reader.read(`]C10109506000134352112401`, now)).toMatchObject({ kind: 'misread' });
  });

  it('reads GS1-128 without the ]C1 prefix, and without GS, when its structure leaves no doubt', () => {
    // A scale label with the prefix stripped: GTIN, net weight, price.
    expect(reader.read('0104006381333931310300125039221299', now)).toMatchObject({
      kind: 'gs1',
      lookup: ['04006381333931', '4006381333931'],
      gs1: { gtin: '04006381333931', netWeightKg: 1.25, price: 12.99 },
    });
    // Fixed-length elements, then a variable one (a batch) last: it takes the rest.
    expect(reader.read('01095060001343521726123110ABC123', now)).toMatchObject({
      kind: 'gs1',
      gs1: { gtin: '09506000134352', expiry: '2026-12-31', batch: 'ABC123' },
    });
    // FNC1 sent as GS, no prefix: as before.
    expect(reader.read(`0109506000134352${GS}10LOT7${GS}21SN1`, now)).toMatchObject({
      kind: 'gs1',
      gs1: { batch: 'LOT7', serial: 'SN1' },
    });
  });

  it('leaves a code that only starts like GS1 a plain code', () => {
    // Wrong check digit in the would-be GTIN: a card number, say, not a misread GS1 code.
    expect(reader.read('0109506000134353172612311', now)).toEqual({
      kind: 'other',
      code: '0109506000134353172612311',
    });
    // A valid GTIN, then something no known AI starts.
    expect(reader.read('01095060001343525512345', now)).toMatchObject({ kind: 'other' });
    // A valid GTIN, then a date that is none.
    expect(reader.read('010950600013435217261341', now)).toMatchObject({ kind: 'other' });
    // The GTIN element alone is no element string.
    expect(reader.read('0109506000134352', now)).toMatchObject({ kind: 'other' });
  });
});
