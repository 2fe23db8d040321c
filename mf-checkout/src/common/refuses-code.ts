/**
 * Whether a failed answer is about the code: it does not apply to this cart (the api says why), is
 * unknown, no longer runs, or too many codes were tried (the api then refuses quotes with a code
 * too, so keeping it would block checkout). Not a session or permission failure, nor an outage.
 */
export const refusesCode = (status: number | null | undefined): boolean =>
  typeof status === 'number' && status >= 400 && status < 500 && ![401, 403, 408].includes(status);
