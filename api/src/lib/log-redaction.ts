import pino from 'pino';

type Stringify = (value: unknown, stringifySafe?: unknown) => string | undefined;
type Stringifiers = Record<symbol, Stringify>;

const patched = new WeakSet<Stringifiers>();

function stringifiersOf(logger: object): Stringifiers | undefined {
  return (logger as Record<symbol, Stringifiers | undefined>)[pino.symbols.stringifiersSym];
}

/**
 * Lets pino's wildcard redaction (`*.password`, ...) skip values that are not objects.
 *
 * pino runs every top-level value that no redact path names through the wildcard redactor:
 * the request id bound to each request's child logger, and every string and number of every
 * line. The redactor runs non-strict, so a primitive walks all the paths (each parsed again)
 * only to come out unchanged: a path below a key cannot exist in a string. That was about
 * 5 % of the CPU of a cached catalog answer. Objects still go through the redactor.
 *
 * The stringifiers object is shared by the root logger and all its children, so patching it
 * once covers every request's logger. Returns false, changing nothing, when this pino has no
 * such redactor (no wildcard paths, or a pino whose internals differ).
 */
export function skipRedactingPrimitives(logger: object): boolean {
  const { stringifySym, wildcardFirstSym } = pino.symbols;
  const stringifiers = stringifiersOf(logger);
  const stringify = (logger as Record<symbol, Stringify | undefined>)[stringifySym];
  const redact = stringifiers?.[wildcardFirstSym];
  if (!stringifiers || typeof stringify !== 'function' || typeof redact !== 'function') {
    return false;
  }
  if (patched.has(stringifiers)) return true;
  stringifiers[wildcardFirstSym] = (value, stringifySafe) =>
    typeof value === 'object' && value !== null
      ? redact(value, stringifySafe)
      : stringify(value, stringifySafe);
  patched.add(stringifiers);
  return true;
}

/** Whether `skipRedactingPrimitives` took effect on this logger (or the one it descends from). */
export function skipsRedactingPrimitives(logger: object): boolean {
  const stringifiers = stringifiersOf(logger);
  return stringifiers !== undefined && patched.has(stringifiers);
}
