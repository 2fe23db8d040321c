import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shellPage } from './lazy-pages';

function About() {
  return <h1>About us</h1>;
}

describe('shellPage', () => {
  it('shows a spinner, then the page, and renders it at once when opened again', async () => {
    const load = jest.fn(async () => ({ About }));
    const Page = shellPage(load, 'About');

    const first = render(<Page />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
    first.unmount();

    render(<Page />);
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when the page could not be loaded and loads it again on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<{ About: typeof About }>, []>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ About });
    const Page = shellPage(load, 'About');

    render(<Page />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
