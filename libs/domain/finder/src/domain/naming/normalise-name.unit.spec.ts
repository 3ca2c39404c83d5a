import { normaliseName, type PersonName } from './normalise-name';

function parsed(firstName: string | null, lastName?: string | null): PersonName {
  const result = normaliseName(firstName, lastName);
  if (!result.ok) throw new Error(`expected a name, got ${result.rejection.message}`);
  return result.name;
}
const values = (spellings: PersonName['first']) => spellings.map((s) => s.value);

describe('name normalisation', () => {
  describe('case, whitespace and diacritics', () => {
    it('folds José to jose and trims and lower-cases', () => {
      expect(values(parsed('  JOSÉ ', ' Pérez ').first)).toEqual(['jose']);
      expect(values(parsed('José', 'Pérez').last)).toEqual(['perez']);
    });

    it('offers the German digraph spelling as an alternative after the folded one', () => {
      const last = parsed('Jürgen', 'Müller').last;
      expect(values(last)).toEqual(['muller', 'mueller']);
      expect(last[1].weight).toBeLessThan(last[0].weight);
      expect(values(parsed('Jürgen', 'Müller').first)).toEqual(['jurgen', 'juergen']);
    });

    it('treats decomposed input (u + combining diaeresis) like composed input', () => {
      expect(values(parsed('Ann', 'Mu\u0308ller').last)).toEqual(['muller', 'mueller']);
    });

    it('writes ß as ss and the Nordic letters with both conventions', () => {
      expect(values(parsed('Anna', 'Strauß').last)).toEqual(['strauss']);
      expect(values(parsed('Søren', 'Østergård').last)).toEqual(['ostergard', 'oestergaard']);
      expect(values(parsed('Ægir', 'Smith').first)).toEqual(['aegir']);
      expect(values(parsed('Łukasz', 'Wałęsa').last)).toEqual(['walesa']);
    });

    it('romanises Cyrillic names', () => {
      const name = parsed('Дмитрий', 'Иванов');
      expect(values(name.first)).toEqual(['dmitriy']);
      expect(values(name.last)).toEqual(['ivanov']);
    });
  });

  describe('punctuation, titles and suffixes', () => {
    it("drops apostrophes: O'Brien becomes obrien", () => {
      expect(values(parsed('Seán', "O'Brien").last)).toEqual(['obrien']);
      expect(values(parsed('Ann', 'D’Angelo').last)).toEqual(['dangelo']);
    });

    it('strips the honorific and the generational suffix from Dr. John Smith Jr.', () => {
      const name = parsed('Dr. John', 'Smith Jr.');
      expect(values(name.first)).toEqual(['john']);
      expect(values(name.last)).toEqual(['smith']);
      expect(name.middleInitial).toBeNull();
    });

    it('strips "III" and a comma-separated suffix', () => {
      expect(values(parsed('Prof. Henry', 'Ford III').last)).toEqual(['ford']);
      expect(values(parsed('Mary', 'Jones, PhD').last)).toEqual(['jones']);
    });

    it('treats a last name that is only a suffix as no last name', () => {
      expect(parsed('John', 'Jr.').last).toEqual([]);
    });
  });

  describe('multi-part names', () => {
    it('varies a particle surname with and without its particles', () => {
      expect(values(parsed('Jan', 'van der Berg').last)).toEqual(['vanderberg', 'berg']);
    });

    it('moves a trailing particle from the first-name field into the surname', () => {
      const name = parsed('Ludwig van', 'Beethoven');
      expect(values(name.first)).toEqual(['ludwig']);
      expect(values(name.last)).toEqual(['vanbeethoven', 'beethoven']);
    });

    it('keeps a lone particle-like word as the surname itself', () => {
      expect(values(parsed('Minh', 'Le').last)).toEqual(['le']);
    });

    it('joins a hyphenated surname, then offers its first part, then the hyphenated form', () => {
      expect(values(parsed('Anna', 'Smith-Jones').last)).toEqual(['smithjones', 'smith', 'smith-jones']);
    });

    it('joins a hyphenated first name and offers its first part: Jean-Luc', () => {
      expect(values(parsed('Jean-Luc', 'Picard').first)).toEqual(['jeanluc', 'jean', 'jean-luc']);
    });

    it('reads María José García López as given name maria (middle j) and surname garcialopez or garcia', () => {
      const name = parsed('María José', 'García López');
      expect(values(name.first)).toEqual(['maria', 'mariajose']);
      expect(name.middleInitial).toBe('j');
      expect(values(name.last)).toEqual(['garcialopez', 'garcia']);
    });

    it('takes a middle initial from John F.', () => {
      expect(parsed('John F.', 'Kennedy').middleInitial).toBe('f');
    });
  });

  describe('without a last name', () => {
    it('accepts a missing or null last name', () => {
      expect(parsed('Anna').last).toEqual([]);
      expect(parsed('Anna', null).last).toEqual([]);
      expect(parsed('Anna', '   ').last).toEqual([]);
    });
  });

  describe('with a last name only', () => {
    it('keeps the surname whole and has no given name, nickname or middle initial', () => {
      expect(parsed(null, 'van der Berg')).toEqual({
        first: [],
        nicknames: [],
        middleInitial: null,
        last: expect.arrayContaining([
          expect.objectContaining({ value: 'vanderberg' }),
          expect.objectContaining({ value: 'berg' }),
        ]),
      });
    });

    it('never reads a two-word last name as a whole name', () => {
      expect(values(parsed(null, 'Jane Doe').first)).toEqual([]);
    });

    it('treats a blank first name as none', () => {
      expect(parsed('  ', 'Müller')).toEqual(parsed(null, 'Müller'));
      expect(values(parsed(null, 'Müller').last)).toEqual(['muller', 'mueller']);
    });

    it('drops suffixes and rejects a last name that is only one, naming lastName', () => {
      expect(values(parsed(null, "O'Neil Jr.").last)).toEqual(['oneil']);
      expect(normaliseName(null, 'Jr.')).toMatchObject({
        ok: false,
        rejection: { reason: 'missing_last_name', field: 'lastName' },
      });
      expect(normaliseName(null, null)).toMatchObject({ ok: false, rejection: { reason: 'missing_last_name' } });
    });

    it('romanises a Cyrillic surname and rejects a Han one as untransliterable', () => {
      expect(values(parsed(null, 'Иванов').last)).toEqual(['ivanov']);
      expect(normaliseName(null, '李')).toMatchObject({
        ok: false,
        rejection: { reason: 'untransliterable_script', field: 'lastName' },
      });
    });
  });

  describe('rejections', () => {
    it('rejects 李 because Han characters have no single accepted romanisation', () => {
      const result = normaliseName('李', null);
      expect(result).toEqual({
        ok: false,
        rejection: expect.objectContaining({ reason: 'untransliterable_script', field: 'firstName' }),
      });
      if (!result.ok) expect(result.rejection.message).toContain('Han');
    });

    it('rejects a last name in Arabic script even when the first name is Latin', () => {
      const result = normaliseName('Omar', 'خالد');
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.rejection).toMatchObject({ field: 'lastName', reason: 'untransliterable_script' });
    });

    it('rejects a first name with no letters left', () => {
      expect(normaliseName('(Bob)', 'Smith')).toMatchObject({ ok: false, rejection: { reason: 'missing_first_name' } });
    });
  });
});
