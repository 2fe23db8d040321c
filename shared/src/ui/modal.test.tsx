import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal';

describe('Modal', () => {
  it('closes on Escape, Close and the backdrop', async () => {
    const onClose = jest.fn();
    const user = userEvent.setup();
    render(
      <Modal title="Edit product" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit product' });
    expect(dialog).toHaveFocus();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.pointer({ keys: '[MouseLeft]', target: dialog.parentElement! });
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('stays open while it is not dismissible', async () => {
    const onClose = jest.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <Modal title="Edit product" onClose={onClose} dismissible={false}>
        <p>Body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit product' });

    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.pointer({ keys: '[MouseLeft]', target: dialog.parentElement! });
    expect(onClose).not.toHaveBeenCalled();

    // Dismissible again (the request is done): Escape closes.
    rerender(
      <Modal title="Edit product" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
