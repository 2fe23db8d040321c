const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** A file's size in the largest unit (of 1,024) it fills: "512 bytes", "1.5 MB", "120 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  // 1023.6 KB would show as "1024 KB": it is 1 MB.
  while (Math.round(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${UNITS[unit]}`;
}
