import type { ComponentType } from 'react';

/**
 * The contract of every remote's one expose, `./routes`: each route path the remote owns (as
 * written in the store's route table) mapped to its page. The shell owns the guards around them.
 */
export interface RemoteRoutesModule {
  pages: Record<string, ComponentType>;
}

export function isRemoteRoutesModule(value: unknown): value is RemoteRoutesModule {
  if (typeof value !== 'object' || value === null) return false;
  const pages = (value as { pages?: unknown }).pages;
  return typeof pages === 'object' && pages !== null;
}
