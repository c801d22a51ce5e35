// Vocabulary for generated demo data: Czech and other Central European words with diacritics, so
// that diacritics-insensitive search ("zlutoucky kun" finds "Žluťoučký kůň") can be exercised.

/** Adjectives in masculine, feminine and neuter form. */
export const adjectives: readonly (readonly [string, string, string])[] = [
  ['žluťoučký', 'žluťoučká', 'žluťoučké'],
  ['čerstvý', 'čerstvá', 'čerstvé'],
  ['domácí', 'domácí', 'domácí'],
  ['uzený', 'uzená', 'uzené'],
  ['bílý', 'bílá', 'bílé'],
  ['řecký', 'řecká', 'řecké'],
  ['moravský', 'moravská', 'moravské'],
  ['šumavský', 'šumavská', 'šumavské'],
  ['krkonošský', 'krkonošská', 'krkonošské'],
  ['pikantní', 'pikantní', 'pikantní'],
  ['jemný', 'jemná', 'jemné'],
  ['hořký', 'hořká', 'hořké'],
  ['sladký', 'sladká', 'sladké'],
  ['křupavý', 'křupavá', 'křupavé'],
  ['zlatý', 'zlatá', 'zlaté'],
  ['lesní', 'lesní', 'lesní'],
  ['máslový', 'máslová', 'máslové'],
  ['tradiční', 'tradiční', 'tradiční'],
  ['selský', 'selská', 'selské'],
  ['dětský', 'dětská', 'dětské'],
  ['celozrnný', 'celozrnná', 'celozrnné'],
  ['šťavnatý', 'šťavnatá', 'šťavnaté'],
  ['ďábelský', 'ďábelská', 'ďábelské'],
  ['přírodní', 'přírodní', 'přírodní'],
];

export type Measure = 'mass' | 'volume' | 'count';

/** Nouns with their grammatical gender (0 masculine, 1 feminine, 2 neuter), group code and how they are sold. */
export const nouns: readonly (readonly [string, 0 | 1 | 2, string, Measure])[] = [
  ['chléb', 0, 'PEC', 'mass'],
  ['rohlík', 0, 'PEC', 'count'],
  ['koláč', 0, 'PEC', 'count'],
  ['knedlík', 0, 'PEC', 'mass'],
  ['houska', 1, 'PEC', 'count'],
  ['bábovka', 1, 'PEC', 'mass'],
  ['sýr', 0, 'MLE', 'mass'],
  ['jogurt', 0, 'MLE', 'mass'],
  ['mléko', 2, 'MLE', 'volume'],
  ['máslo', 2, 'MLE', 'mass'],
  ['salám', 0, 'MAS', 'mass'],
  ['párek', 0, 'MAS', 'mass'],
  ['šunka', 1, 'MAS', 'mass'],
  ['klobása', 1, 'MAS', 'mass'],
  ['paštika', 1, 'MAS', 'mass'],
  ['kuře', 2, 'MAS', 'mass'],
  ['čaj', 0, 'NAP', 'mass'],
  ['džus', 0, 'NAP', 'volume'],
  ['káva', 1, 'NAP', 'mass'],
  ['limonáda', 1, 'NAP', 'volume'],
  ['pivo', 2, 'NAP', 'volume'],
  ['víno', 2, 'NAP', 'volume'],
  ['med', 0, 'CUK', 'mass'],
  ['perník', 0, 'CUK', 'mass'],
  ['čokoláda', 1, 'CUK', 'mass'],
  ['marmeláda', 1, 'CUK', 'mass'],
  ['cukroví', 2, 'CUK', 'mass'],
  ['mýdlo', 2, 'DRO', 'count'],
  ['šampon', 0, 'DRO', 'volume'],
  ['kůň', 0, 'HRA', 'count'],
  ['medvídek', 0, 'HRA', 'count'],
];

export const packageSizes: Record<Measure, readonly string[]> = {
  mass: ['100 g', '250 g', '500 g', '1 kg', '4 × 125 g'],
  volume: ['0,33 l', '0,5 l', '1 l', '1,5 l', '250 ml'],
  count: ['1 ks', '4 ks', '10 ks', '6 × 1 ks'],
};

export const brands: readonly string[] = [
  'Madeta',
  'Hamé',
  'Kofola',
  'Olma',
  'Penam',
  'Orion',
  'Opavia',
  'Jihlavanka',
  'Kostelecké uzeniny',
  'Řeháček',
  'Šťastná farma',
  'Müller',
  'Złoty Kłos',
  'Ölmühle Graz',
  'Tatranský čaj',
  'Hradecké delikatesy',
  'Pivovar Žatec',
  'Mlékárna Kunín',
  'Bäckerei Schön',
  'Łowicz',
];

/** Sold by weight: barcode with prefix 21 and the weight embedded on the scale label. */
export const weighedProducts: readonly string[] = [
  'Jablka Jonagold',
  'Hrušky Konference',
  'Brambory žluté',
  'Banány',
  'Rajčata keříková',
  'Okurky hadovky',
  'Cibule červená',
  'Švestky',
  'Třešně',
  'Vlašské ořechy',
];

/** Pre-packed at the deli counter: barcode with prefix 23 and the price embedded. */
export const pricedProducts: readonly string[] = [
  'Šunka od kosti krájená',
  'Sýr Eidam 30 % krájený',
  'Tlačenka domácí',
  'Pražská šunka výběrová',
  'Vlašský salát',
  'Bramborový salát s majonézou',
  'Uzená krkovice',
  'Kuřecí prsní řízky',
];

export const groups: readonly (readonly [string, string])[] = [
  ['PEC', 'Pečivo'],
  ['MLE', 'Mléčné výrobky'],
  ['MAS', 'Maso a uzeniny'],
  ['NAP', 'Nápoje'],
  ['CUK', 'Cukrovinky'],
  ['OVZ', 'Ovoce a zelenina'],
  ['DRO', 'Drogerie'],
  ['HRA', 'Hračky'],
];

export const surnames: readonly string[] = [
  'Novák',
  'Svoboda',
  'Dvořák',
  'Černý',
  'Procházka',
  'Kučera',
  'Veselý',
  'Horák',
  'Němec',
  'Pokorný',
  'Pospíšil',
  'Hájek',
  'Jelínek',
  'Růžička',
  'Beneš',
  'Fiala',
  'Sedláček',
  'Doležal',
  'Zeman',
  'Kolář',
  'Navrátil',
  'Čermák',
  'Vaněk',
  'Blažek',
  'Kříž',
  'Kovář',
  'Šimek',
  'Bartoš',
  'Šťastný',
  'Žák',
  'Polák',
  'Musil',
  'Kopecký',
  'Holub',
  'Štěpánek',
  'Král',
  'Moravec',
  'Tichý',
  'Müller',
  'Wójcik',
];

export const maleNames: readonly string[] = [
  'Jiří',
  'Jan',
  'Petr',
  'Josef',
  'Pavel',
  'Martin',
  'Tomáš',
  'Jaroslav',
  'Miroslav',
  'Zdeněk',
  'Ondřej',
  'Vojtěch',
  'Lukáš',
  'Radek',
  'Kryštof',
];

export const femaleNames: readonly string[] = [
  'Marie',
  'Jana',
  'Eva',
  'Hana',
  'Anna',
  'Lenka',
  'Kateřina',
  'Věra',
  'Lucie',
  'Alena',
  'Zuzana',
  'Šárka',
  'Dagmar',
  'Růžena',
  'Jiřina',
];

export const trades: readonly string[] = [
  'Pekařství',
  'Řeznictví',
  'Potraviny',
  'Kavárna',
  'Hospůdka',
  'Stavebniny',
  'Zahradnictví',
  'Vinotéka',
  'Cukrárna',
  'Květinářství',
  'Lahůdky',
  'Školní jídelna',
];

export const legalForms: readonly string[] = ['s.r.o.', 'a.s.', 'v.o.s.', 'k.s.', 'spol. s r.o.'];

export const cities: readonly (readonly [string, string])[] = [
  ['Praha', '110 00'],
  ['Brno', '602 00'],
  ['Ostrava', '702 00'],
  ['Plzeň', '301 00'],
  ['Liberec', '460 01'],
  ['Olomouc', '779 00'],
  ['České Budějovice', '370 01'],
  ['Hradec Králové', '500 02'],
  ['Ústí nad Labem', '400 01'],
  ['Pardubice', '530 02'],
  ['Zlín', '760 01'],
  ['Jihlava', '586 01'],
  ['Karlovy Vary', '360 01'],
  ['Třebíč', '674 01'],
  ['Kroměříž', '767 01'],
  ['Děčín', '405 02'],
  ['Český Krumlov', '381 01'],
  ['Žďár nad Sázavou', '591 01'],
];

export const streets: readonly string[] = [
  'Náměstí Míru',
  'Husova',
  'Masarykova',
  'Žižkova',
  'Karlova',
  'Komenského',
  'Palackého',
  'Nádražní',
  'U Řeky',
  'Třída Svobody',
  'Šafaříkova',
  'Dlouhá',
];

export const warehouseNames: readonly string[] = [
  'Praha – Vinohrady',
  'Brno – Královo Pole',
  'Ostrava – Poruba',
  'Plzeň – Slovany',
  'České Budějovice – centrum',
  'Olomouc – Neředín',
  'Liberec – Ruprechtice',
  'Hradec Králové – sklad Kukleny',
];

/** "U Nováků", "U Tichých", "U Šimků": the family name after "U" (genitive plural). */
export function familyName(surname: string): string {
  if (surname.endsWith('ý')) return surname.slice(0, -1) + 'ých';
  if (surname.endsWith('a')) return surname.slice(0, -1) + 'ů';
  if (surname.endsWith('ek')) return surname.slice(0, -2) + 'ků';
  if (surname.endsWith('ec')) return surname.slice(0, -2) + 'ců';
  return surname + 'ů';
}

export function femaleSurname(male: string): string {
  if (male.endsWith('ý')) return male.slice(0, -1) + 'á';
  if (male.endsWith('a')) return male.slice(0, -1) + 'ová';
  if (male.endsWith('ek')) return male.slice(0, -2) + 'ková';
  return male + 'ová';
}
