import type { Page } from 'playwright-core';

/**
 * The document the server drew for `url`, as the browser reads it with every script refused: its
 * head's title, description, canonical link, Open Graph, Twitter and JSON-LD, and whether the
 * page's first screen (the body and its state) is in it. Also the answer's status and the scripts
 * refused.
 */
export async function drawnDocument(page: Page, url: string) {
  const refused: string[] = [];
  await page.route('**/*', (request) => {
    if (request.request().resourceType() !== 'script') return request.continue();
    refused.push(request.request().url());
    return request.abort();
  });
  const answer = await page.goto(url);
  const head = await page.evaluate(() => {
    const attribute = (selector: string, name: string) =>
      document.querySelector(selector)?.getAttribute(name) ?? null;
    const meta = (key: string) =>
      attribute(`meta[name="${key}"], meta[property="${key}"]`, 'content');
    return {
      title: document.title,
      titles: document.querySelectorAll('title').length,
      descriptions: document.querySelectorAll('meta[name="description"]').length,
      description: meta('description'),
      canonical: attribute('link[rel="canonical"]', 'href'),
      ogType: meta('og:type'),
      ogTitle: meta('og:title'),
      ogUrl: meta('og:url'),
      ogImage: meta('og:image'),
      twitterCard: meta('twitter:card'),
      twitterImage: meta('twitter:image'),
      robots: meta('robots'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? '',
      ),
      drawn: document.getElementById('first-screen-state') !== null,
      rootName: document.querySelector('#root h1')?.textContent ?? null,
    };
  });
  await page.unroute('**/*');
  return { status: answer?.status(), refused, head };
}
