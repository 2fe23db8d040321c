/** The product page's address, wherever a product is named (cards, cart lines, orders, downloads). */
export const productPath = (slug: string) => `/product/${encodeURIComponent(slug)}`;
