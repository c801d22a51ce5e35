import { describe, expect, it } from 'vitest';
import { keepUnitsTogether } from './together.ts';

const shown = (text: string) => keepUnitsTogether(text).replaceAll('\u00a0', '_');

describe('keepUnitsTogether', () => {
  it('binds a number to the unit after it', () => {
    expect(shown('Čokoláda hořká 100 g')).toBe('Čokoláda hořká 100_g');
    expect(shown('Pivo 0,33 l')).toBe('Pivo 0,33_l');
    expect(shown('Mléko 1 l, 250 ml')).toBe('Mléko 1_l, 250_ml');
    expect(shown('Sýr 30 % tuku')).toBe('Sýr 30_% tuku');
    expect(shown('Jogurt 4 × 125 g')).toBe('Jogurt 4_×_125_g');
    expect(shown('Mýdlo 6 x 1 ks')).toBe('Mýdlo 6_x_1_ks');
  });

  it('leaves other spaces alone: words after a number, numbers in words', () => {
    expect(shown('Balení 10 kusů')).toBe('Balení 10 kusů');
    expect(shown('Medvídek 2 gramy')).toBe('Medvídek 2 gramy');
    expect(shown('Víno Grand 2019 léto')).toBe('Víno Grand 2019 léto');
    expect(shown('Box x 2')).toBe('Box x_2');
    expect(shown('Lax 2')).toBe('Lax 2');
  });
});
