import fs from 'node:fs';
import path from 'node:path';

/** Every file below `root` (none when it does not exist yet): what local storage holds. */
export function storedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
