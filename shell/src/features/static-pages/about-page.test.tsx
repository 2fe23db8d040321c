import { renderWithProviders } from '@store/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AboutPage } from './about-page';

describe('AboutPage', () => {
  it('opens the Get Started dialog with WhatsApp and e-mail contact, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AboutPage />, { route: '/about' });
    const opener = screen.getByRole('button', { name: 'Get Started' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: "Let's Talk" });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/10000000000',
    );
    expect(screen.getByRole('link', { name: 'Send an Email' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab focus inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AboutPage />, { route: '/about' });
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    const dialog = screen.getByRole('dialog');

    for (let step = 0; step < 4; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
