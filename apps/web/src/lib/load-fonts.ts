/** Loads the self-hosted font when the browser is idle (at the latest after 2 s). */
export function loadFontsWhenIdle(): void {
  const load = () => void import('@fontsource-variable/inter');
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 2000);
}
