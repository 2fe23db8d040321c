/**
 * Starts measuring real visitors' Web Vitals once the page has loaded and the main thread is
 * idle: the reporter and web-vitals are a chunk of their own, fetched then, so they cost the
 * first paint nothing. web-vitals reads the paints and shifts that came before from the
 * browser's buffer. The path is taken now, before the router redirects anywhere.
 */
export function startWebVitals(apiBaseUrl: string): void {
  const landingPath = window.location.pathname;
  const endpoint = `${apiBaseUrl.replace(/\/+$/, '')}/vitals`;
  const load = () => {
    import('./report-web-vitals').then(
      ({ reportWebVitals }) => reportWebVitals(endpoint, landingPath),
      // Measurement is optional: a chunk that failed to load leaves the store as it is.
      () => {},
    );
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 5000 });
    else setTimeout(load, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
