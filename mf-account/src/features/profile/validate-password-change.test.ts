import { validatePasswordChange } from './validate-password-change';

describe('validatePasswordChange', () => {
  it('checks the match first, then the length, then that every field is filled', () => {
    expect(validatePasswordChange({ current: '', next: 'abc', confirm: 'abd' })).toBe(
      "New passwords don't match",
    );
    expect(validatePasswordChange({ current: '', next: 'abc', confirm: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(validatePasswordChange({ current: '', next: 'abcdef', confirm: 'abcdef' })).toBe(
      'Please fill in all password fields',
    );
    expect(validatePasswordChange({ current: 'old', next: 'abcdef', confirm: 'abcdef' })).toBe(
      null,
    );
  });
});
