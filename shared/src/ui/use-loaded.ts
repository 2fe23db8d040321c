import { useEffect, useState } from 'react';

export type LoadOutcome<T> = { value: T } | { error: unknown };

interface Settled<T> {
  load: () => Promise<T>;
  outcome: LoadOutcome<T>;
}

/**
 * What `load` resolves to, loaded in an effect and kept as state (null while it loads); `ready`,
 * when the value is already at hand, is used at once. For code split off a page, in place of
 * React.lazy and Suspense: React holds back a Suspense boundary's content until 300 ms after a
 * fallback was last shown (its fallback throttle), and a page that has just shown its spinner
 * would paint up to 300 ms after its code had arrived.
 */
export function useLoaded<T>(load: () => Promise<T>, ready?: T): LoadOutcome<T> | null {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  useEffect(() => {
    if (ready !== undefined) return;
    let current = true;
    load().then(
      (value) => {
        if (current) setSettled({ load, outcome: { value } });
      },
      (error: unknown) => {
        if (current) setSettled({ load, outcome: { error } });
      },
    );
    return () => {
      current = false;
    };
  }, [load, ready]);

  if (ready !== undefined) return { value: ready };
  // A router keeps this component when the next route renders the same one with another `load`:
  // what the previous `load` gave is not this one's answer.
  return settled?.load === load ? settled.outcome : null;
}
