/** A promise the test opens itself: orders a race between a load and a change without timing. */
export function latch(): { open: () => void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
