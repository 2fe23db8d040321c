import { showTestModeNotice, TEST_MODE_NOTICE } from './test-mode-notice';

describe('the test mode notice', () => {
  afterEach(() => document.body.replaceChildren());

  it('says once, outside the app root, that payments are simulated', () => {
    document.body.innerHTML = '<div id="root"></div>';
    showTestModeNotice();
    showTestModeNotice();
    const notes = document.querySelectorAll('[role="note"]');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toBe(TEST_MODE_NOTICE);
    expect(document.getElementById('root')!.contains(notes[0]!)).toBe(false);
  });
});
