/** A block of a product description: a paragraph's lines, or a list's items. */
export type MarkdownBlock =
  { kind: 'paragraph'; lines: string[] } | { kind: 'list'; items: string[] };

const LIST_ITEM = /^- +/;

/**
 * The blocks of the description's Markdown subset: paragraphs are split on blank lines, and the
 * lines of a paragraph that start with `- ` are a list's items. Everything else is plain text.
 */
export function markdownBlocks(text: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    let current: MarkdownBlock | null = null;
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      if (LIST_ITEM.test(line)) {
        if (current?.kind !== 'list') blocks.push((current = { kind: 'list', items: [] }));
        current.items.push(line.replace(LIST_ITEM, ''));
      } else {
        if (current?.kind !== 'paragraph')
          blocks.push((current = { kind: 'paragraph', lines: [] }));
        current.lines.push(line);
      }
    }
  }
  return blocks;
}
