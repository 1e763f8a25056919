import { describe, expect, it } from '@jest/globals';
import { normaliseName, similarNames, type NameCandidate } from './similar-names';

const client = (clientId: number, name: string): NameCandidate => ({
  clientId,
  name,
  kind: 'client',
});

describe('name normalisation', () => {
  it('ignores case, spaces, punctuation, accents and company suffixes', () => {
    expect(normaliseName('Acme Foods, Inc.')).toBe('acmefoods');
    expect(normaliseName('ACME-FOODS LLC')).toBe('acmefoods');
    expect(normaliseName('acme foods co., ltd.')).toBe('acmefoods');
    expect(normaliseName('Nestlé')).toBe('nestle');
    expect(normaliseName("Trader Joe's")).toBe('traderjoes');
  });

  it('keeps a suffix word that is the whole name, or sits inside it', () => {
    expect(normaliseName('Co')).toBe('co');
    expect(normaliseName('Inc Labs')).toBe('inclabs');
    expect(normaliseName('Coca Cola')).toBe('cocacola');
  });

  it.each([
    'Acme Incorporated',
    'Acme LLP',
    'Acme L.P.',
    'Acme Company',
    'Acme Corp.',
    'Acme Corporation',
    'Acme Limited',
    'Acme PLC',
    'Acme GmbH',
    'Acme AG',
    'Acme S.A.',
    'Acme SAS',
    'Acme S.r.l.',
    'Acme B.V.',
    'Acme N.V.',
    'Acme Pty Ltd',
    'Acme Oy',
    'Acme AB',
  ])('drops the company form from %j', (name) => {
    expect(normaliseName(name)).toBe('acme');
  });

  it('drops a company form followed by a space or a stray sign', () => {
    expect(normaliseName('Acme Foods Inc ')).toBe('acmefoods');
    expect(normaliseName('(Acme Foods Ltd)')).toBe('acmefoods');
  });
});

describe('similar names', () => {
  const candidates = [
    client(1, 'Acme Foods Inc'),
    client(2, 'Acme Foodz'),
    client(3, 'Bolt'),
    client(4, 'Acme Foods International'),
    { clientId: 5, name: 'acme-foods llc', kind: 'prospect' } as const,
    client(6, 'Zeta Brands'),
  ];

  it('finds the same company under another form, a near spelling, and longer names', () => {
    expect(similarNames('acme foods', candidates).map((c) => [c.clientId, c.distance])).toEqual([
      [1, 0],
      [5, 0],
      [2, 1],
      [4, 13],
    ]);
  });

  it('allows one edit in a short name, two in a long one, none in a very short one', () => {
    expect(similarNames('Boltt', candidates).map((c) => c.clientId)).toEqual([3]);
    expect(similarNames('Bol', candidates)).toEqual([]);
    // Two edits (a swap is two) only in names of nine characters or more.
    expect(similarNames('Blot', [client(3, 'Bolt')])).toEqual([]);
    expect(similarNames('Acme Fodos', candidates).map((c) => c.clientId)).toContain(1);
  });

  it('says nothing for fewer than three characters or unrelated names', () => {
    expect(similarNames('ac', candidates)).toEqual([]);
    expect(similarNames('Orchard Lane', candidates)).toEqual([]);
  });

  it('says nothing for two characters even when a customer has exactly that name', () => {
    expect(similarNames('AB', [client(1, 'A.B.')])).toEqual([]);
  });

  it('finds a three-character name only when it is the same', () => {
    expect(similarNames('IBM', [client(1, 'I.B.M.'), client(2, 'IBX')])).toEqual([
      { ...client(1, 'I.B.M.'), distance: 0 },
    ]);
  });

  it('allows one edit, not two, in a name of eight characters', () => {
    expect(similarNames('Hartwell', [client(1, 'Hartwall')]).map((c) => c.clientId)).toEqual([1]);
    expect(similarNames('Hartwell', [client(1, 'Hardwall')])).toEqual([]);
  });

  it('finds longer names starting with what was typed from four characters on', () => {
    expect(similarNames('Acme', candidates).map((c) => c.clientId)).toEqual([1, 2, 5, 4]);
  });

  it('lists a customer offered twice once, under its closest name, the first of equals', () => {
    const once = (names: string[]) =>
      similarNames(
        'Acme Foods',
        names.map((name) => client(1, name)),
      ).map((c) => [c.name, c.distance]);
    expect(once(['Acme Foodz', 'Acme Foods'])).toEqual([['Acme Foods', 0]]);
    expect(once(['Acme Foods', 'Acme Foodz'])).toEqual([['Acme Foods', 0]]);
    expect(once(['Acme Foods Inc', 'Acme Foods'])).toEqual([['Acme Foods Inc', 0]]);
  });

  it('shows at most five, the closest first', () => {
    const many = Array.from({ length: 9 }, (_, i) => client(i + 10, `Acme Foods ${i}`));
    const found = similarNames('Acme Foods', [...many, client(99, 'Acme Foods')]);
    expect(found).toHaveLength(5);
    expect(found[0]!.clientId).toBe(99);
  });
});
