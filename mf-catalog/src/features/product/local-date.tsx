import { formatDate } from '@store/shared';
import { useSyncExternalStore } from 'react';

let utcDay: Intl.DateTimeFormat | undefined;

/** The day of `iso` in UTC, in `formatDate`'s format. */
function utcDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  utcDay ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return utcDay.format(date);
}

const unchanging = () => () => {};

/**
 * A date on the visitor's calendar. The server cannot know the visitor's time zone: its render,
 * and the hydration that takes it over, show the UTC day (the same text, so the drawn page is
 * kept), then the visitor's; a page the browser draws itself shows the visitor's at once.
 */
export function LocalDate({ iso }: { iso: string }) {
  const local = useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
  return local ? formatDate(iso) : utcDate(iso);
}
