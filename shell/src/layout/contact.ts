/** Placeholder contact details shown in the footer and on the static pages. */
export const SUPPORT_EMAIL = 'support@example.com';
export const WHATSAPP_URL = 'https://wa.me/10000000000';
export const WHATSAPP_LABEL = '+1 000 000 0000';
