import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { LocalDate } from './local-date';

// The visitor's zone, for the formatters made without one: Kiritimati is 14 hours ahead of UTC,
// so noon UTC on January 31 is already February 1 there. (The test's process stays in its own.)
const ISO = '2030-01-31T12:00:00.000Z';
const RealDateTimeFormat = Intl.DateTimeFormat;
beforeAll(() => {
  jest
    .spyOn(Intl, 'DateTimeFormat')
    .mockImplementation(
      (locales, options) =>
        new RealDateTimeFormat(locales, { timeZone: 'Pacific/Kiritimati', ...options }),
    );
});
afterAll(() => jest.restoreAllMocks());

describe('LocalDate', () => {
  it("is drawn by the server as the UTC day, then taken over as the visitor's", async () => {
    const html = renderToString(
      <p>
        <LocalDate iso={ISO} />
      </p>,
    );
    expect(html).toBe('<p>Jan 31, 2030</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const drawn = container.querySelector('p');
    const recoverableErrors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <p>
          <LocalDate iso={ISO} />
        </p>,
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      );
    });
    expect(recoverableErrors).toEqual([]);
    expect(container.querySelector('p')).toBe(drawn);
    expect(drawn?.textContent).toBe('Feb 1, 2030');
    container.remove();
  });

  it("shows the visitor's day at once on a page the browser draws", () => {
    const { container } = render(<LocalDate iso={ISO} />);
    expect(container.textContent).toBe('Feb 1, 2030');
  });
});
