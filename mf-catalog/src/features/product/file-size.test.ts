import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('writes a size in the largest unit it fills, to one decimal below 100', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1_572_864)).toBe('1.5 MB');
    expect(formatFileSize(125 * 1024 * 1024)).toBe('125 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('never writes 1024 of a unit: that is one of the next', () => {
    expect(formatFileSize(1024 * 1024 - 100)).toBe('1 MB');
  });
});
