/** `text` as a literal (I)LIKE substring: its `%`, `_` and `\` match only themselves. */
export const containing = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
