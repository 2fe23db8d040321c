import { Fragment, type ReactNode } from 'react';
import { markdownBlocks } from './markdown-blocks';

// `**bold**`, then `*italic*`; neither may start or end with a space, so "2 * 3 * 4" stays text.
const EMPHASIS = /\*\*(\S(?:.*?\S)?)\*\*|\*(\S(?:[^*]*?\S)?)\*/g;

/** A line's text with its emphasis as elements; the text itself is only ever text. */
function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let after = 0;
  for (const match of text.matchAll(EMPHASIS)) {
    if (match.index > after) nodes.push(text.slice(after, match.index));
    const [, bold, italic] = match;
    nodes.push(
      bold === undefined ? (
        <em key={match.index}>{italic}</em>
      ) : (
        <strong key={match.index}>{inline(bold)}</strong>
      ),
    );
    after = match.index + match[0].length;
  }
  if (after < text.length) nodes.push(text.slice(after));
  return nodes;
}

/**
 * A product description drawn from its Markdown subset (paragraphs, `- ` lists, `**bold**`,
 * `*italic*`) as React elements: whatever else it holds, markup included, shows as text.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {markdownBlocks(text).map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index}>
            {block.items.map((item, at) => (
              <li key={at}>{inline(item)}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            {block.lines.map((line, at) => (
              <Fragment key={at}>
                {at > 0 && <br />}
                {inline(line)}
              </Fragment>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
