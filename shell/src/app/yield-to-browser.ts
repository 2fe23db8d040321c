/**
 * Ends the current task and resumes in a new one. A phone's CPU runs the shell's start-up as one
 * long task unless it is cut, and every 50 ms past the first in one task counts as blocking time
 * (Lighthouse's TBT): between tasks the browser can paint, load and answer input.
 */
export function yieldToBrowser(): Promise<void> {
  if (typeof scheduler !== 'undefined' && typeof scheduler.yield === 'function') {
    return scheduler.yield();
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
