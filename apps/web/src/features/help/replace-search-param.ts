/**
 * Writes a search parameter into the address in place, without a router navigation. Every
 * navigation runs the guard again, and the app layout shows its loader instead of the page
 * meanwhile: typing in the search box would lose the focus at each key. The router's own state
 * (its key and index) is kept, so Back and a reload find the address as written.
 */
export function replaceSearchParam(name: string, value: string): void {
  const url = new URL(window.location.href);
  if (value) url.searchParams.set(name, value);
  else url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
