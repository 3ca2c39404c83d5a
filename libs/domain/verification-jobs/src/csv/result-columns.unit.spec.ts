import { parseResultColumns, STORED_COLUMNS } from './result-columns';
import { InvalidResultColumnsError } from '@lib/jobs';

function parseError(param: string): InvalidResultColumnsError {
  try {
    parseResultColumns(param);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidResultColumnsError);
    return error as InvalidResultColumnsError;
  }
  throw new Error(`expected ${param} to be rejected`);
}

describe('result columns parameter', () => {
  it('defaults to every column in the documented order', () => {
    const all = [
      'result',
      'resultCode',
      'subResult',
      'quality',
      'free',
      'role',
      'disposable',
      'catchAll',
      'didYouMean',
      'provider',
      'antiSpam',
      'riskScore',
    ];
    expect(parseResultColumns(undefined)).toEqual(all);
    expect(parseResultColumns('')).toEqual(all);
    expect(parseResultColumns(' , ')).toEqual(all);
    expect(parseResultColumns('ALL')).toEqual(all);
  });

  it('keeps the requested order, case-insensitively, with canonical spelling', () => {
    expect(parseResultColumns('riskscore, RESULT ,catchall')).toEqual(['riskScore', 'result', 'catchAll']);
  });

  it('removes duplicates, keeping the first position', () => {
    expect(parseResultColumns('quality,result,Quality')).toEqual(['quality', 'result']);
  });

  it('adds the evidence columns only when named, after the result columns where `all` stands', () => {
    expect(parseResultColumns('all')).not.toContain('smtpReply');
    expect(parseResultColumns('all,mxHost,smtpCode,smtpreply')).toEqual([
      ...STORED_COLUMNS.slice(0, 12),
      'mxHost',
      'smtpCode',
      'smtpReply',
    ]);
    expect(parseResultColumns('result,mxAddress,smtpEnhanced')).toEqual(['result', 'mxAddress', 'smtpEnhanced']);
  });

  it('returns no columns for none', () => {
    expect(parseResultColumns('none')).toEqual([]);
  });

  it('rejects unknown names, listing them and every valid name', () => {
    const error = parseError('result,score,Foo');
    expect(error.invalid).toEqual(['score', 'Foo']);
    expect(error.valid).toEqual(STORED_COLUMNS);
    expect(error.message).toContain('score, Foo');
    expect(error.message).toContain('riskScore');
  });

  it('rejects none combined with column names', () => {
    expect(parseError('none,result').code).toBe('INVALID_RESULT_COLUMNS');
  });
});
