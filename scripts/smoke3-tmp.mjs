import { chromium } from 'playwright-core';
import { startStaticServer } from '/work/main/scripts/lib/static-server.mjs';
const apps = ['shell', 'mf-catalog', 'mf-account', 'mf-checkout', 'mf-admin'];
const servers = await Promise.all(
  apps.map((a, i) =>
    startStaticServer({
      root: `/work/main/${a}/dist`,
      port: 3100 + i,
      spa: a === 'shell',
      apiTarget: a === 'shell' ? 'http://127.0.0.1:5100' : undefined,
    }),
  ),
);
const config = {
  apiBaseUrl: '/api',
  remotes: {
    catalog: 'http://localhost:3101/mf-manifest.json',
    account: 'http://localhost:3102/mf-manifest.json',
    checkout: 'http://localhost:3103/mf-manifest.json',
    admin: 'http://localhost:3104/mf-manifest.json',
  },
};
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({
  viewport: { width: Number(process.env.W ?? 1280), height: 900 },
});
await page.route('**/runtime-config.json', (r) => r.fulfill({ json: config }));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text().slice(0, 200)));
await page.goto('http://localhost:3100/login');
await page.getByLabel('Email Address').fill(process.env.EMAIL ?? 'shopper@example.com');
await page.getByLabel('Password', { exact: true }).fill(process.env.PASS ?? 'Shopper#2026');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL('http://localhost:3100/');
await page.waitForTimeout(1500);
for (const [i, p] of (process.argv[2] ?? '/').split(',').entries()) {
  if (p.startsWith('click:')) {
    await page
      .getByRole('button', { name: p.slice(6) })
      .first()
      .click();
    await page.waitForTimeout(1500);
  } else if (p.startsWith('tab:')) {
    await page.getByRole('tab', { name: p.slice(4) }).click();
    await page.waitForTimeout(1500);
  } else {
    await page.goto('http://localhost:3100' + p);
    await page.waitForTimeout(2500);
  }
  await page.screenshot({ path: `/tmp/shot-${i}.png`, fullPage: process.env.FULL === '1' });
}
await browser.close();
await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
