import { render, screen } from '@testing-library/react';
import { Markdown } from './markdown';

function draw(text: string) {
  return render(<Markdown text={text} />).container.firstElementChild!;
}

describe('Markdown', () => {
  it('splits paragraphs on blank lines and keeps single line breaks', () => {
    const root = draw('First line\nsame paragraph\n\n  \nSecond paragraph');
    const paragraphs = root.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]!.innerHTML).toBe('First line<br>same paragraph');
    expect(paragraphs[1]).toHaveTextContent('Second paragraph');
  });

  it('makes lines starting with "- " a list, beside the paragraph they follow', () => {
    const root = draw('Includes:\n- 40 brushes\n- 3 **inks**\n\n- alone');
    expect(root.children[0]!.tagName).toBe('P');
    const lists = screen.getAllByRole('list');
    expect(lists).toHaveLength(2);
    expect(lists[0]!.querySelectorAll('li')).toHaveLength(2);
    expect(lists[0]!.lastElementChild!.innerHTML).toBe('3 <strong>inks</strong>');
    expect(lists[1]).toHaveTextContent('alone');
  });

  it('draws **bold** and *italic*, italic inside bold, and leaves stray stars as text', () => {
    const root = draw('A **big *and* bold** claim, *quietly*: 2 * 3 * 4 and **open');
    expect(root.innerHTML).toBe(
      '<p>A <strong>big <em>and</em> bold</strong> claim, <em>quietly</em>: 2 * 3 * 4 and **open</p>',
    );
  });

  it('shows markup as text: no script, image or handler reaches the page', () => {
    const root = draw(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n- **<b onclick=x>hi</b>**',
    );
    expect(root.querySelector('script, img, b, [onerror], [onclick]')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror="alert(2)">')).toBeInTheDocument();
    expect(screen.getByText('<b onclick=x>hi</b>').tagName).toBe('STRONG');
  });
});
