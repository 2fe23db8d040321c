/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const LIB = path.resolve(__dirname, '../../scripts/lib');

/**
 * The answers of `calls` (each an export of the ES module `scripts/lib/<file>` and its JSON
 * arguments), computed by node itself: jest runs this repository's tests as CommonJS, and loads
 * `.mjs` files only as ES modules.
 */
function answers(file: string, calls: [name: string, ...args: unknown[]][]): unknown[] {
  const url = pathToFileURL(path.join(LIB, file)).href;
  const script = [
    `const lib = await import(${JSON.stringify(url)});`,
    `const calls = ${JSON.stringify(calls)};`,
    'const out = calls.map(([name, ...args]) => lib[name](...args));',
    'process.stdout.write(JSON.stringify(out));',
  ].join('\n');
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as unknown[];
}

describe('scripts/lib/first-screen.mjs', () => {
  const TEMPLATE =
    '<html><head><title>x</title></head><body><div id="root"><!--root--><p>boot</p><!--/root--></div><script src="/main.js"></script></body></html>';

  const request = (method: string, url: string, cookie?: string) => ({
    method,
    url,
    headers: cookie ? { cookie } : {},
  });

  it('draws only the home page, and only for a visitor', () => {
    expect(
      answers('first-screen.mjs', [
        ['wantsFirstScreen', request('GET', '/')],
        ['wantsFirstScreen', request('GET', '/?utm=mail', 'theme=dark')],
        ['wantsFirstScreen', request('HEAD', '/')],
        ['wantsFirstScreen', request('GET', '/cart')],
        ['wantsFirstScreen', request('GET', '/', 'a=1; isLoggedIn=true')],
      ]),
    ).toEqual([true, true, false, false, false]);
  });

  it("names the slug of a visitor's product page, whose head is drawn", () => {
    expect(
      answers('first-screen.mjs', [
        ['productPageOf', request('GET', '/product/neon-brushes?ref=mail')],
        ['productPageOf', request('HEAD', '/product/neon%20brushes/')],
        ['productPageOf', request('GET', '/product/neon', 'isLoggedIn=true')],
        ['productPageOf', request('POST', '/product/neon')],
        ['productPageOf', request('GET', '/product/')],
        ['productPageOf', request('GET', '/product/a/b')],
        ['productPageOf', request('GET', '/product/%E0%A4%A')],
      ]),
    ).toEqual(['neon-brushes', 'neon brushes', null, null, null, null, null]);
  });

  it('puts the render in #root, the links in the head and the state before </body>', () => {
    const [document] = answers('first-screen.mjs', [
      [
        'withFirstScreen',
        TEMPLATE,
        {
          // `$&` and `$1` are text here, not replacement patterns.
          root: '<main>$& and $1</main>',
          stateScript: '<script id="state">{}</script>',
          styles: [{ href: 'http://cdn.test/a.css?x=1&y="2"', file: 'a.css' }],
          preloads: {
            manifest: 'http://cdn.test/mf-manifest.json',
            scripts: ['http://cdn.test/remoteEntry.js'],
          },
        },
      ],
    ]);
    expect(document).toBe(
      '<html><head><title>x</title>' +
        '<link rel="preload" href="http://cdn.test/mf-manifest.json" as="fetch" crossorigin="anonymous">' +
        '<link rel="preload" href="http://cdn.test/remoteEntry.js" as="script">' +
        '<link rel="stylesheet" href="http://cdn.test/a.css?x=1&amp;y=&quot;2&quot;" data-href="a.css">' +
        '</head><body><div id="root"><main>$& and $1</main></div><script src="/main.js"></script>' +
        '<script id="state">{}</script></body></html>',
    );
  });

  it('leaves a document without the boot screen markers as it is', () => {
    const plain = '<html><head></head><body><div id="root"></div></body></html>';
    const parts = {
      root: 'x',
      stateScript: 'y',
      styles: [],
      preloads: { manifest: 'm', scripts: [] },
    };
    expect(answers('first-screen.mjs', [['withFirstScreen', plain, parts]])).toEqual([plain]);
  });
});

describe('scripts/lib/security-headers.mjs', () => {
  it("allows the remotes' and the api's origins, each once, not relative addresses", () => {
    const [origins] = answers('security-headers.mjs', [
      [
        'allowedOrigins',
        {
          apiBaseUrl: '/api',
          remotes: {
            catalog: 'http://localhost:3001/mf-manifest.json',
            account: 'http://localhost:3001/account/mf-manifest.json',
            checkout: 'https://checkout.example/mf-manifest.json',
            admin: 'not a url',
          },
        },
      ],
    ]);
    expect(origins).toEqual(['http://localhost:3001', 'https://checkout.example']);
  });

  it("lists the origins in the code and data directives, and Stripe's only in Stripe mode", () => {
    const [local, stripe] = answers('security-headers.mjs', [
      ['contentSecurityPolicy', ['http://localhost:3001']],
      ['contentSecurityPolicy', ['http://localhost:3001'], { stripe: true }],
    ]) as string[];
    expect(local).toContain("script-src 'self' http://localhost:3001;");
    expect(local).toContain("connect-src 'self' http://localhost:3001;");
    expect(local).not.toMatch(/stripe|frame-src/);
    expect(stripe).toContain(
      "script-src 'self' https://js.stripe.com https://*.js.stripe.com http://localhost:3001;",
    );
    expect(stripe).toContain("frame-src 'self' https://js.stripe.com");
    expect(stripe).toContain("frame-ancestors 'none'");
  });
});
