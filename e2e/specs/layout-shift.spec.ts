import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { RemoteName } from '../support/composition.ts';
import {
  describeShifts,
  footerAboveFold,
  holdOrigin,
  layoutShiftScore,
  recordLayoutShifts,
  takeLayoutShifts,
  waitUntilStill,
  watchNetwork,
  type LayoutShift,
} from '../support/layout-shift.ts';
import { cartLink } from '../support/catalog.ts';
import { screensFor, waitUntilSettled, type Role, type Screen } from '../support/screens.ts';
import { DEMO_ADMIN, DEMO_SHOPPER, heading, logIn, navbar, navLink } from '../support/shopper.ts';
import { useStore } from '../support/store.ts';
import { arrangeOrderAndCartLine } from '../support/visit-as.ts';

const store = useStore();

/** The budget, held to the plain sum of every shift (see layoutShiftScore). */
const MAX_SHIFT = 0.05;
/** How long each remote's files are held, so every remote page shows its loading state. */
const REMOTE_HOLD_MS = 1_000;
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;
const REMOTES: readonly RemoteName[] = ['mf-catalog', 'mf-account', 'mf-checkout', 'mf-admin'];

/** How a shopper reaches a route without typing its address. */
interface Way {
  /** Where the click starts: a page of the shell's own, so the target's remote is not loaded yet. */
  from: string;
  /** Said in the report, e.g. `navbar link "Cart"`. */
  via: string;
  go(page: Page, path: string, phone: boolean): Promise<void>;
}

/** On phones the navbar's links and search sit behind the menu toggle. */
async function openMenuOnPhone(page: Page, phone: boolean): Promise<void> {
  if (!phone) return;
  await navbar(page).getByRole('button', { name: 'Open menu', exact: true }).click();
}

const byNavbar = (name: string, from = '/about'): Way => ({
  from,
  via: `navbar link "${name}"`,
  async go(page, _path, phone) {
    await openMenuOnPhone(page, phone);
    await navLink(page, name).click();
  },
});

const byLink = (name: string, from: string, where = 'contentinfo'): Way => ({
  from,
  via: `${where === 'contentinfo' ? 'footer' : 'page'} link "${name}" on ${from}`,
  async go(page) {
    const scope = where === 'contentinfo' ? page.getByRole('contentinfo') : page.locator('main');
    await scope.getByRole('link', { name, exact: true }).click();
  },
});

const bySearch: Way = {
  from: '/about',
  via: 'navbar search',
  async go(page, path, phone) {
    await openMenuOnPhone(page, phone);
    const box = navbar(page).getByRole('searchbox', { name: 'Search products' });
    await box.fill(new URL(path, 'http://x').searchParams.get('q') ?? '');
    await box.press('Enter');
  },
};

/**
 * For pages no link leads to (a payment provider's return address, a mailed token, a mistyped
 * address): React Router's own client navigation, as a Back/Forward would cause.
 */
const byHistory: Way = {
  from: '/about',
  via: 'history.pushState + popstate (no link leads here)',
  async go(page, path) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
  },
};

/**
 * A product's page from its card on its category page (the demo products measured are fonts); a
 * product no card shows (the unknown one) by history, as a mistyped address would be reached.
 */
const byProductCard: Way = {
  from: '/category/fonts',
  via: "the product card's name link on /category/fonts (an unknown product: history)",
  async go(page, path, phone) {
    const link = page.locator(`main a[href="${path}"]:visible`).first();
    if ((await link.count()) > 0) await link.click();
    else await byHistory.go(page, path, phone);
  },
};

/** The way to each route of the table; the navbar's links exist only for the roles they serve. */
const WAYS: Record<string, Way> = {
  '/': byNavbar('Digital Assets'),
  '/category/:category': byLink('Digital Art', '/about'),
  '/search': bySearch,
  '/product/:slug': byProductCard,
  '/signup': byNavbar('Sign Up'),
  '/login': byNavbar('Login'),
  '/forgot-password': byLink('Forgot password?', '/login', 'main'),
  '/verify-email/:token': byHistory,
  '/reset-password/:token': byHistory,
  '/about': byLink('About Us', '/faq'),
  '/privacy': byLink('Privacy Policy', '/about'),
  '/terms': byLink('Terms of Service', '/about'),
  '/faq': byLink('FAQ', '/about'),
  '/support': byLink('Support', '/about'),
  '*': byHistory,
  '/cart': {
    ...byNavbar('Cart'),
    async go(page, _path, phone) {
      await openMenuOnPhone(page, phone);
      // Its accessible name carries the badge's count.
      await cartLink(page).click();
    },
  },
  '/purchase-success': byHistory,
  '/purchase-cancel': byHistory,
  '/orders': byNavbar('Orders'),
  '/profile': {
    ...byNavbar('Hi, <first name>'),
    async go(page, _path, phone) {
      await openMenuOnPhone(page, phone);
      await navbar(page).getByRole('link', { name: /^Hi, / }).click();
    },
  },
  '/secret-dashboard': byNavbar('Dashboard'),
};

const HOME = 'Discover Amazing Digital Creations';

/** The routes a remote renders (shell/src/remotes/remote-routes.ts; importing it brings the shared package's CSS modules into this type-check). */
const REMOTE_ROUTES = new Set([
  '/',
  '/category/:category',
  '/search',
  '/cart',
  '/purchase-success',
  '/purchase-cancel',
  '/orders',
  '/profile',
  '/secret-dashboard',
]);

/** A guarded route opened by a role it is not for: the guard's redirect and the landing page. */
interface Redirect {
  path: string;
  landing: string;
}

/**
 * One route behind each guard a role meets: a guard shows the same spinner and lands on the same
 * page whichever of its routes was asked for (guards.tsx).
 */
const REDIRECTS: Record<Role, readonly Redirect[]> = {
  visitor: [
    { path: '/cart', landing: 'Welcome Back' },
    { path: '/secret-dashboard', landing: HOME },
  ],
  shopper: [
    { path: '/login', landing: HOME },
    { path: '/secret-dashboard', landing: HOME },
  ],
  admin: [{ path: '/login', landing: HOME }],
};

/** One screen per route: the first state screens.ts lists for it, which is the plain page. */
function routesOf(role: Role, paidSessionId?: string): Screen[] {
  const seen = new Set<string>();
  return screensFor(role, paidSessionId).filter(({ route }) => {
    if (seen.has(route)) return false;
    seen.add(route);
    return true;
  });
}

/**
 * Holds every remote's files, so whichever one the page needs arrives at least 1 s late. Only for
 * a page that shows a remote: routing turns the page's HTTP cache off, which on two cores slows
 * every shell page down.
 */
async function holdRemotes(page: Page, showsRemote: boolean): Promise<void> {
  if (!showsRemote) return;
  for (const remote of REMOTES) {
    await holdOrigin(page, store.composition.urlOf(remote), REMOTE_HOLD_MS);
  }
}

interface Measured {
  name: string;
  shifts: LayoutShift[];
  score: number;
  footerEarly: string[];
}

/**
 * Opens a fresh page and measures the shifts of reaching `path` (typed in, or by `way` from its
 * start page, whose own load is not counted) until the page has settled and stayed still.
 */
async function measure(
  context: BrowserContext,
  name: string,
  path: string,
  settled: (page: Page) => Promise<void>,
  showsRemote: boolean,
  way?: Way,
): Promise<Measured> {
  const page = await context.newPage();
  const inFlight = watchNetwork(page);
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  try {
    if (way) {
      await page.goto(store.url(way.from));
      await waitUntilSettled(page);
      await waitUntilStill(page, inFlight, 100);
      await takeLayoutShifts(page);
      await holdRemotes(page, showsRemote);
      await way.go(page, path, phone);
    } else {
      await holdRemotes(page, showsRemote);
      await page.goto(store.url(path));
    }
    await settled(page);
    await waitUntilStill(page, inFlight);
    const shifts = await takeLayoutShifts(page);
    return {
      name,
      shifts,
      score: layoutShiftScore(shifts),
      footerEarly: await footerAboveFold(page),
    };
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  } finally {
    await page.close();
  }
}

const landedOn = (title: string) => async (page: Page) => {
  await heading(page, title).waitFor();
  await waitUntilSettled(page);
};

let paidSessionId: string | undefined;

/** Signs the journey's page in (the context keeps the session) and arranges the shopper's cart. */
async function signIn(page: Page, role: Role): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  // logIn waits for the navbar's greeting, which a phone keeps behind the menu toggle.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, store.baseUrl, role === 'admin' ? DEMO_ADMIN : DEMO_SHOPPER);
  if (viewport) await page.setViewportSize(viewport);
  if (role === 'admin') return undefined;
  paidSessionId ??= await arrangeOrderAndCartLine(page, store.baseUrl);
  return paidSessionId;
}

/** Runs `tasks` `width` at a time: most of a load is waiting (held remotes, quiet periods). */
async function inPool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

const PAGES_AT_ONCE = 4;

/** Routes every role may open. */
const ANYONE_ROUTES = new Set(screensFor('visitor').map(({ route }) => route));

/**
 * Which routes each role also reaches by a click. The static and auth pages, the catalog's lists
 * and the token pages are the same code for every role, only the navbar differs, and the navbar
 * is measured on every typed load: the visitor clicks to all of them. The signed-in roles click
 * to their own pages (cart badge, account, checkout, dashboard) and home.
 */
const CLICKED: Record<Role, (route: string) => boolean> = {
  visitor: () => true,
  shopper: (route) => route === '/' || !ANYONE_ROUTES.has(route),
  admin: (route) => route === '/' || !ANYONE_ROUTES.has(route),
};

/*
 * The matrix: each role x width gets one browser context (its own session and cart) and walks
 * every route of the table that role may open, typed in (a fresh page load: boot screen, auth
 * check, remote loading, skeletons, images, toasts, the cart badge), and reached by a click from
 * another page (the client navigation: Suspense fallback, remote loading, skeletons, scroll to
 * top) as CLICKED says. A remote's page has every remote's files held 1 s in both, so its
 * loading state is always on screen. A route a role may not open redirects (the visitor's
 * signed-in pages land on /login, the signed-in roles' auth forms and the shopper's dashboard on
 * /): one per guard, typed in, on the phone, where the guard's spinner and the landing page are
 * measured; no link leads there. Both widths for everything else, since the phone layout stacks
 * differently (menu, single-column grids) and shifts on its own. About 160 loads, four pages at
 * a time: under four minutes on two cores.
 */
for (const role of ['visitor', 'shopper', 'admin'] as const satisfies readonly Role[]) {
  for (const viewport of VIEWPORTS) {
    test(`as the ${role} at ${viewport.width} px no route shifts its layout more than ${MAX_SHIFT}`, (t) =>
      store.journey(
        t,
        async (page) => {
          const context = page.context();
          await recordLayoutShifts(context);
          const screens = routesOf(role, await signIn(page, role));
          const where = `${role}, ${viewport.width} px`;
          const loads: (() => Promise<Measured>)[] = [];
          for (const screen of screens) {
            loads.push(() =>
              measure(
                context,
                `${where}, typed ${screen.path}`,
                screen.path,
                screen.show,
                REMOTE_ROUTES.has(screen.route),
              ),
            );
            const way = WAYS[screen.route];
            assert.ok(way, `no way to reach ${screen.route} is listed`);
            if (!CLICKED[role](screen.route)) continue;
            loads.push(() =>
              measure(
                context,
                `${where}, ${way.via} -> ${screen.path}`,
                screen.path,
                screen.show,
                REMOTE_ROUTES.has(screen.route),
                way,
              ),
            );
          }
          // A guard's spinner is one line whatever the width: the redirects run on the phone.
          for (const { path, landing } of viewport.width < 768 ? REDIRECTS[role] : []) {
            loads.push(() =>
              measure(
                context,
                `${where}, typed ${path} (redirects)`,
                path,
                landedOn(landing),
                REMOTE_ROUTES.has(path) || landing === HOME,
              ),
            );
          }
          const results = await inPool(loads, PAGES_AT_ONCE);

          // Every non-zero score is listed (the sources too above 0.001), to see how close it runs.
          for (const { name, score, shifts } of results) {
            if (score === 0) continue;
            t.diagnostic(`${name}: ${score.toFixed(4)}`);
            // One diagnostic per line: the reporter escapes a line break inside one.
            if (score >= 0.001)
              describeShifts(shifts)
                .split('\n')
                .forEach((line) => t.diagnostic(line));
          }
          t.diagnostic(
            `${results.length} loads measured, ${results.filter(({ score }) => score > 0).length} shifted`,
          );
          const problems = results.flatMap(({ name, score, shifts, footerEarly }) => [
            ...(score > MAX_SHIFT
              ? [
                  `${name}: layout shift ${score.toFixed(4)} > ${MAX_SHIFT}\n${describeShifts(shifts)}`,
                ]
              : []),
            ...footerEarly.map((seen) => `${name}: ${seen}`),
          ]);
          assert.deepEqual(problems, [], problems.join('\n'));
        },
        { viewport },
      ));
  }
}
