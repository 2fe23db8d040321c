// What search engines and link previews read of a product page: its `<title>`, description,
// canonical URL, Open Graph and Twitter card tags, and a schema.org `Product` in JSON-LD, drawn
// by the shell's server from the api's `GET /api/products/by-slug/:slug` answer.

/** Characters of the meta description (what search results show of it). */
export const META_DESCRIPTION_CHARS = 160;
/** Characters of the JSON-LD description: the page's text, not a copy of a long changelog. */
const JSON_LD_DESCRIPTION_CHARS = 5000;

/**
 * The part of the by-slug answer (`productPage` in contract/src/product-page.ts) the head is
 * drawn from.
 * @typedef {object} ProductHeadInput
 * @property {string} id
 * @property {string} slug
 * @property {string} name
 * @property {string} description
 * @property {number} price
 * @property {number | null} sale_price
 * @property {string | null} sale_ends_at
 * @property {string} category
 * @property {string | null} category_display_name
 * @property {string[]} preview_images
 * @property {{ average: number | null, count: number }} rating
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** @param {unknown} value @returns {value is number} */
const isAmount = (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
/** @param {unknown} value @returns {value is string | null} */
const isTextOrNull = (value) => value === null || typeof value === 'string';

/**
 * The answer as the head needs it, or null when it breaks the fields the head reads (the
 * document then keeps the page as built, as for any input that breaks its contract).
 * @param {unknown} answer
 * @returns {ProductHeadInput | null}
 */
export function productHeadInput(answer) {
  if (!isObject(answer)) return null;
  const { id, slug, name, description, price, category, rating } = answer;
  const salePrice = answer.sale_price ?? null;
  const saleEndsAt = answer.sale_ends_at ?? null;
  const categoryName = answer.category_display_name ?? null;
  const images = answer.preview_images;
  const valid =
    typeof id === 'string' &&
    typeof slug === 'string' &&
    slug !== '' &&
    typeof name === 'string' &&
    typeof description === 'string' &&
    isAmount(price) &&
    (salePrice === null || isAmount(salePrice)) &&
    isTextOrNull(saleEndsAt) &&
    typeof category === 'string' &&
    isTextOrNull(categoryName) &&
    Array.isArray(images) &&
    images.every((image) => typeof image === 'string') &&
    isObject(rating) &&
    Number.isInteger(rating.count) &&
    (rating.average === null || typeof rating.average === 'number');
  if (!valid) return null;
  return {
    id,
    slug,
    name,
    description,
    price,
    sale_price: salePrice,
    sale_ends_at: saleEndsAt,
    category,
    category_display_name: categoryName,
    preview_images: images,
    rating: {
      average: typeof rating.average === 'number' ? rating.average : null,
      count: Number(rating.count),
    },
  };
}

/**
 * A description's text without its markup (paragraphs, `- ` lists, `**bold**`, `*italic*`), on
 * one line.
 * @param {string} description
 */
export function plainText(description) {
  return description
    .replace(/^\s*-\s+/gm, '')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\*(\S(?:.*?\S)?)\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * `text` cut to at most `limit` characters, at a word's end when one is near, with an ellipsis.
 * @param {string} text
 * @param {number} limit
 */
export function truncated(text, limit) {
  const chars = [...text];
  if (chars.length <= limit) return text;
  const cut = chars.slice(0, limit - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** @param {string} value text for an element or a quoted attribute */
export const escapeHtml = (value) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * JSON inside a `<script>` element: no `</script>` or `<!--` in a value can end or bend it
 * (each `<` is `\u003c`, still the same string to a JSON parser).
 * @param {unknown} data
 */
export function scriptJson(data) {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The product page's public address.
 * @param {string} origin the store's public origin
 * @param {string} slug
 */
export const productUrl = (origin, slug) => `${origin}/product/${encodeURIComponent(slug)}`;

/**
 * The preview images as absolute http(s) URLs (the api answers `/api/files/...` when previews are
 * served under the store's origin).
 * @param {string[]} images
 * @param {string} origin
 */
function absoluteImages(images, origin) {
  return images.flatMap((image) => {
    try {
      const url = new URL(image, `${origin}/`);
      return url.protocol === 'http:' || url.protocol === 'https:' ? [url.href] : [];
    } catch {
      return [];
    }
  });
}

/** @param {number} dollars */
const cents = (dollars) => Math.round(dollars * 100) / 100;

/**
 * The schema.org `Product` of a product page.
 * @param {ProductHeadInput} product
 * @param {string} origin
 */
export function productJsonLd(product, origin) {
  const url = productUrl(origin, product.slug);
  const onSale = product.sale_price !== null;
  const saleEnds = onSale && product.sale_ends_at ? new Date(product.sale_ends_at) : null;
  const { average, count } = product.rating;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: truncated(plainText(product.description), JSON_LD_DESCRIPTION_CHARS),
    image: absoluteImages(product.preview_images, origin),
    sku: product.id,
    url,
    category: product.category_display_name ?? product.category,
    offers: {
      '@type': 'Offer',
      price: cents(product.sale_price ?? product.price),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
      ...(saleEnds && !Number.isNaN(saleEnds.getTime())
        ? { priceValidUntil: saleEnds.toISOString().slice(0, 10) }
        : {}),
    },
    ...(count > 0 && average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: cents(average),
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * The head's tags for a product page: what goes before `</head>` in place of the document's own
 * title and description.
 * @param {ProductHeadInput} product
 * @param {{ origin: string, storeName: string }} site
 */
export function productHeadTags(product, { origin, storeName }) {
  const url = productUrl(origin, product.slug);
  const title = storeName ? `${product.name} | ${storeName}` : product.name;
  const description = truncated(plainText(product.description), META_DESCRIPTION_CHARS);
  const [image] = absoluteImages(product.preview_images, origin);
  const price = cents(product.sale_price ?? product.price).toFixed(2);
  /** @type {[attribute: 'name' | 'property', key: string, value: string | undefined][]} */
  const metas = [
    ['name', 'description', description],
    ['property', 'og:type', 'product'],
    ['property', 'og:site_name', storeName || undefined],
    ['property', 'og:title', product.name],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'product:price:amount', price],
    ['property', 'product:price:currency', 'USD'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', product.name],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...metas
      .filter(([, , value]) => value !== undefined)
      .map(
        ([attribute, key, value]) =>
          `<meta ${attribute}="${key}" content="${escapeHtml(value ?? '')}">`,
      ),
    `<script type="application/ld+json">${scriptJson(productJsonLd(product, origin))}</script>`,
  ].join('');
}

const TITLE = /<title>([\s\S]*?)<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/i;

/**
 * The store's name: the document's own title (tooling/webpack.cjs sets it).
 * @param {string} template the shell's `index.html`
 */
export function storeNameOf(template) {
  const title = TITLE.exec(template)?.[1] ?? '';
  return title
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * `template` with `tags` in its head, in place of its own title and description.
 * @param {string} template
 * @param {string} tags
 */
export function withHeadTags(template, tags) {
  return template
    .replace(TITLE, '')
    .replace(DESCRIPTION, '')
    .replace('</head>', () => `${tags}</head>`);
}

/**
 * `template` for a page search engines must not list (an unknown product).
 * @param {string} template
 */
export function withNoindex(template) {
  return template.replace('</head>', '<meta name="robots" content="noindex"></head>');
}
