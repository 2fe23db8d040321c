// A deliberate import loop with cycle-b.ts: lint-rules.test.ts checks that lint refuses it.
import { second } from './cycle-b';

export const first = (): string => `first, then ${second()}`;
