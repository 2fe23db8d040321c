import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Loading a remote's module, the federation runtime starts its stylesheets early as
 * `<link rel="stylesheet">` and does not wait for them; the remote's own chunk loader then finds
 * that link, takes the stylesheet for loaded and renders the page unstyled until it arrives (on a
 * slow connection the page's section jumps as its padding lands). As `rel="preload"` links the
 * early downloads still start at once, but the chunk loader inserts its own stylesheet and waits
 * for it, so a page is first painted with its styles.
 */
export function stylesheetsAsPreloads(): ModuleFederationRuntimePlugin {
  return {
    name: 'stylesheets-as-preloads',
    createLink({ url, attrs }) {
      if (attrs?.['rel'] !== 'stylesheet') return undefined;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'style';
      link.href = url;
      return link;
    },
  };
}
