type Preloader = (pathname: string) => void;

let preloader: Preloader = () => {};

/**
 * Links load a page's code ahead of a click through this, not through the page map itself: pages
 * contain links, so a link that imported the map (which names every page) would tie every page
 * into one import circle. The router, which owns the map, sets the preloader once at start.
 */
export function setPagePreloader(preload: Preloader): void {
  preloader = preload;
}

/** Loads the code of the page at `pathname` ahead of a click, as the router decides. */
export function preloadPageAt(pathname: string): void {
  preloader(pathname);
}
