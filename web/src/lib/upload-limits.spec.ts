import { formatBytes, oversizeRefusal } from './upload-limits';

describe('upload limits as the dashboard shows them', () => {
  it('formats a byte limit the way people read it', () => {
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(3000)).toBe('2.9 KB');
  });

  it("refuses a file over the server's limit before sending it, and only then", () => {
    const limits = { maxUploadBytes: 2048, maxUniqueEmails: 3 };
    expect(oversizeRefusal({ name: 'big.csv', size: 3072 }, limits)).toBe(
      'big.csv is 3 KB, over the 2 KB upload limit. Split the file into parts under 2 KB.',
    );
    expect(oversizeRefusal({ name: 'ok.csv', size: 2048 }, limits)).toBeNull();
    expect(oversizeRefusal({ name: 'big.csv', size: 3072 }, null)).toBeNull();
  });
});
