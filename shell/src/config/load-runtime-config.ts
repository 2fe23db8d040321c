import { isRuntimeConfig, type RuntimeConfig } from '@store/shared';

/** Deploy-time document beside index.html: moving a remote never needs a shell rebuild. */
export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Runtime config answered ${response.status}`);
  const config: unknown = await response.json();
  if (!isRuntimeConfig(config)) throw new Error('Runtime config is malformed');
  return config;
}
