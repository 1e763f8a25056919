import { foldText, includesFolded } from './fold-text';

describe('foldText', () => {
  it('drops case and accents, so "cafe" and "CAFÉ" read alike', () => {
    expect(foldText('Café')).toBe('cafe');
    expect(foldText('CAFÉ')).toBe('cafe');
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('São Paulo Ñandú')).toBe('sao paulo nandu');
  });

  it('spells letters without a separate mark plainly', () => {
    expect(foldText('Straße')).toBe('strasse');
    expect(foldText('Øresund Łódź')).toBe('oresund lodz');
  });

  it('reads composed and decomposed spellings alike', () => {
    expect(foldText('Cafe\u0301')).toBe(foldText('Caf\u00e9'));
  });
});

describe('includesFolded', () => {
  it('finds an accented name by its plain spelling, and the other way round', () => {
    expect(includesFolded('Le Petit Café', 'cafe')).toBe(true);
    expect(includesFolded('Le Petit Cafe', 'CAFÉ')).toBe(true);
    expect(includesFolded('Le Petit Café', 'tea')).toBe(false);
  });

  it('matches everything for a blank search', () => {
    expect(includesFolded('Anything', '  ')).toBe(true);
  });
});
