const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it: the admin's own time, to the minute. */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${day}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The instant an input's local text names; the original instant when the text is what it
 * showed, so an untouched date keeps its seconds.
 */
export function instantOf(text: string, original: string | null): string | null {
  if (!text) return null;
  if (original && localInputOf(original) === text) return original;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
