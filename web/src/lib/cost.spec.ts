import { affordability, estimateCost } from './cost';

describe('cost before starting a list', () => {
  const text = 'name,email\nAnn,ann@x.test\nAnn again,ANN@x.test\nBo,bo@x.test\nBad,not-an-address\nEmpty,\n';

  it('counts distinct valid addresses of the chosen column, case-insensitively, like the quote', () => {
    expect(estimateCost(text, ',', true, 1, text.length, text.length, true)).toEqual({ credits: 2, exact: true });
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
