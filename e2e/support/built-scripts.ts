import { readdirSync } from 'node:fs';
import { distOf } from '../../scripts/lib/composition.mjs';
import type { AppName } from './composition.ts';

/** Every script an app's build emitted, relative to its dist (`main.js`, `chunks/105.x.js`...). */
export function builtScripts(app: AppName): string[] {
  return readdirSync(distOf(app), { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
}
