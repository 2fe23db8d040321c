import type { Product } from '@store/contract';
import { product } from '@store/shared/testing/fixtures';
import type { HeldCall } from '@store/shared/testing/held-api-calls';
import { act, waitFor } from '@testing-library/react';

/** Answers the calls `holdApiCalls` holds, by URL, each at most once. */
export function answerer(held: { calls: HeldCall[] }) {
  const answered = new Set<HeldCall>();
  const waitingFor = (url: string) =>
    held.calls.find((call) => !answered.has(call) && call.config.url === url);
  return {
    /** Waits until `url` is asked for (an unanswered call), then answers it. */
    async answer(url: string, data: unknown, status = 200): Promise<void> {
      await waitFor(() => {
        const asked = held.calls.filter((call) => !answered.has(call)).map((c) => c.config.url);
        expect(asked).toContain(url);
      });
      const call = waitingFor(url)!;
      answered.add(call);
      await act(async () => call.answer(status, data));
    },
    /** The URLs asked for and not answered yet. */
    waiting: () => held.calls.filter((call) => !answered.has(call)).map((call) => call.config.url),
  };
}

/** Page `index` (from 0) of a list: `size` products with ids `p<index>-<n>`. */
export function productsPage(index: number, size = 24): Product[] {
  return Array.from({ length: size }, (_, n) =>
    product({ id: `p${index}-${n}`, name: `Product ${index}-${n}` }),
  );
}
