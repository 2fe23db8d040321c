import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('scores an empty password 0 with no label', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: null });
  });

  it('scores nothing for a short, single-case, letters-only password', () => {
    expect(passwordStrength('abc')).toEqual({ score: 0, label: null });
  });

  it.each([
    ['abcdefgh', 1, 'Weak'],
    ['aB', 1, 'Weak'],
    ['1', 1, 'Weak'],
    ['!', 1, 'Weak'],
    ['abcdefg1', 2, 'Weak'],
    ['aB1', 2, 'Weak'],
    ['abcdefG1', 3, 'Medium'],
    ['aB1!', 3, 'Medium'],
    ['abcdefg1!', 3, 'Medium'],
    ['abcdeF1!', 4, 'Strong'],
    ['Correct-Horse-9', 4, 'Strong'],
  ])('scores %p as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('counts a space or unicode symbol as a non-alphanumeric character', () => {
    expect(passwordStrength('a b').score).toBe(1);
    expect(passwordStrength('é').score).toBe(1);
  });

  it('needs both cases for the case point', () => {
    expect(passwordStrength('ABCDEFGH').score).toBe(1);
    expect(passwordStrength('ABCDEFGh').score).toBe(2);
  });
});
