// A deliberate import loop with cycle-a.ts: lint-rules.test.ts checks that lint refuses it.
import { first } from './cycle-a';

export const second = (): string => 'second';
export const again = (): string => first();
