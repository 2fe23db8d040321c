import type { FastifyPluginAsync } from 'fastify';

/**
 * Lets a plugin's hooks and decorators apply to the whole app instead of its own encapsulated
 * context: the documented `skip-override` marker that fastify-plugin sets.
 */
export function appWide<Options extends Record<string, unknown> = Record<never, never>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
