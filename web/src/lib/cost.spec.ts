import { affordability, estimateCost } from './cost';

describe('cost before starting a list', () => {
  const text = 'name,email\nAnn,ann@x.test\nAnn again,ANN@x.test\nBo,bo@x.test\nBad,not-an-address\nEmpty,\n';

  it('finding 2: counts distinct addresses case-insensitively and malformed cells too, as they are charged', () => {
    expect(estimateCost(text, ',', true, 1, text.length, text.length, true)).toEqual({ credits: 3, exact: true });
  });

  it('finding 2: counts a malformed cell as written, so spellings the server keeps apart are never merged', () => {
    const odd = 'email\nJohn at Example\njohn at example\nmailto:ann@x.test\nANN@X.TEST\n  \n';
    expect(estimateCost(odd, ',', true, 0, odd.length, odd.length, true)).toEqual({ credits: 3, exact: true });
  });

  it('scales the count by size when only the start of a big file was read', () => {
    const part = 'email\na@x.test\nb@x.test\nc@x.test\nd@x.t';
    expect(estimateCost(part, ',', true, 0, 1000, 10_000, false)).toEqual({ credits: 30, exact: false });
  });

  it('says how many credits are missing', () => {
    expect(affordability(2000, 100)).toEqual({ enough: false, shortBy: 1900 });
    expect(affordability(50, 100)).toEqual({ enough: true, shortBy: 0 });
  });
});
