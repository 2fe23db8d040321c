import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, t=2, p=1: the OWASP baseline).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/** Verifies against a throwaway hash when the user is unknown, so timing does not reveal it. */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
