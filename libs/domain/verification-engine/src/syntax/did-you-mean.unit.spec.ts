import popular from '../../data/popular-mail-domains.json';
import { suggestCorrection } from './did-you-mean';

describe('did-you-mean', () => {
  it.each([
    ['ann@gmial.com', 'ann@gmail.com'],
    ['ann@yaho.com', 'ann@yahoo.com'],
    ['ann@hotmial.com', 'ann@hotmail.com'],
    ['ann@gmail.con', 'ann@gmail.com'],
    ['ann@outlok.com', 'ann@outlook.com'],
    ['ann@gmai.com', 'ann@gmail.com'],
    ['ann@hotmail.co', 'ann@hotmail.com'],
    ['ann@yahooo.com', 'ann@yahoo.com'],
    ['ann@iclould.com', 'ann@icloud.com'],
    ['ann@acme.cmo', 'ann@acme.com'],
  ])('suggests a fix for %s', (email, fixed) => {
    expect(suggestCorrection(email)).toBe(fixed);
  });

  it('never suggests anything for a correct popular domain', () => {
    const suggested = (popular as string[]).filter((domain) => suggestCorrection(`ann@${domain}`) !== null);
    expect(suggested).toEqual([]);
  });

  it.each(['ann@acme.com', 'ann@love.com', 'ann@stripe.com', 'ann@ibm.com', 'ann@aa.com'])(
    'leaves ordinary company domain %s alone',
    (email) => {
      expect(suggestCorrection(email)).toBeNull();
    },
  );

  describe('when the mistyped domain is a typo-squat on the disposable lists', () => {
    it('still suggests its popular one-edit neighbour, substitution included', () => {
      expect(suggestCorrection('jane.doe@gnail.com')).toBe('jane.doe@gmail.com');
    });

    it('keeps short ordinary domains free of substitution guesses', () => {
      expect(suggestCorrection('ann@love.com')).toBeNull();
    });
  });
});
