import { describeByteSize } from './byte-size';

describe('describeByteSize', () => {
  it('names whole mebibytes in MB and any other size in bytes', () => {
    expect(describeByteSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(describeByteSize(2048)).toBe('2048 bytes');
    expect(describeByteSize(1024 * 1024 + 1)).toBe('1048577 bytes');
  });
});
