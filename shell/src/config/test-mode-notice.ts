import styles from './test-mode-notice.module.css';

export const TEST_MODE_NOTICE = 'Test mode: payments are simulated';

/**
 * With simulated payments a shopper must not believe a purchase is real: every page carries the
 * notice. It lives outside React's root (the server's first screen never holds it), so it is
 * the same whether the page was drawn by the server or by the browser.
 */
export function showTestModeNotice(target: Document = document): void {
  if (target.querySelector('[data-test-mode-notice]')) return;
  const notice = target.createElement('p');
  notice.className = styles.notice ?? '';
  notice.setAttribute('role', 'note');
  notice.dataset['testModeNotice'] = '';
  notice.textContent = TEST_MODE_NOTICE;
  target.body.append(notice);
}
