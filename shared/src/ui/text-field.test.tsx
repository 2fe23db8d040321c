import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextField } from './text-field';

function Controlled() {
  const [email, setEmail] = useState('');
  return (
    <>
      <TextField
        label="Email Address"
        id="login-email"
        type="email"
        name="email"
        value={email}
        onChange={setEmail}
        autoComplete="email"
        placeholder="you@example.com"
        required
      />
      <output>{email}</output>
    </>
  );
}

describe('TextField', () => {
  it('labels its input and passes the input props on', () => {
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Email Address' });
    expect(input).toHaveAttribute('id', 'login-email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('placeholder', 'you@example.com');
    expect(input).toBeRequired();
  });

  it('hands the typed text to onChange', async () => {
    render(<Controlled />);
    await userEvent.type(screen.getByLabelText('Email Address'), 'ann@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('ann@example.com');
  });

  it('is a text input with an id of its own when given neither', () => {
    render(
      <>
        <TextField label="First" value="" onChange={() => undefined} />
        <TextField label="Second" value="" onChange={() => undefined} />
      </>,
    );
    const first = screen.getByLabelText('First');
    expect(first).toHaveAttribute('type', 'text');
    expect(first.id).not.toBe('');
    expect(first.id).not.toBe(screen.getByLabelText('Second').id);
  });

  it('shows a read-only value without onChange', async () => {
    render(
      <TextField label="Email Address" value="ann@example.com" readOnly aria-readonly="true" />,
    );
    const input = screen.getByRole('textbox', { name: 'Email Address' });
    await userEvent.type(input, 'x');
    expect(input).toHaveValue('ann@example.com');
    expect(input).toHaveAttribute('readonly');
  });

  it('mutes the label on request', () => {
    render(<TextField label="Full Name" value="Ann" onChange={() => undefined} mutedLabel />);
    expect(screen.getByText('Full Name')).toHaveClass('label', 'muted');
  });
});
