import { isRuntimeConfig, type RuntimeConfig } from '@store/shared';
import { requestRuntimeConfig } from './runtime-config-request';

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const config = await requestRuntimeConfig();
  if (!isRuntimeConfig(config)) throw new Error('Runtime config is malformed');
  return config;
}
