import { detectDelimiter } from './delimiter-detection';

const detect = (text: string, complete = true) => detectDelimiter(Buffer.from(text), complete);

describe('delimiter detection', () => {
  it('picks the comma for a plain CSV', () => {
    expect(detect('email,name\na@x.io,Ann\n')).toBe(',');
  });

  it('picks the semicolon even when values hold decimal commas', () => {
    expect(detect('email;score\na@x.io;1,5\nb@x.io;2,5\n')).toBe(';');
  });

  it('picks TAB when commas only appear inside values', () => {
    expect(detect('email\tname\ta\na@x.io\tSmith, Ann\t1\nb@x.io\tDoe\t2\n')).toBe('\t');
  });

  it('ignores candidates inside quoted fields, including quoted newlines', () => {
    expect(detect('"a;b;c","d;e"\n"f;\ng;h",i\n"j","k"\n')).toBe(',');
  });

  it('falls back to the comma for a single-column file', () => {
    expect(detect('email\na@x.io\nb@x.io\n')).toBe(',');
  });

  it('ignores a last row cut off by the end of the sample', () => {
    expect(detect('a;b\nc;d\ne;f\ng,h,i,j,k,l', false)).toBe(';');
  });
});
