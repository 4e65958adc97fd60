// Loaded early and on its own (index.html, async): the browser's number and date data (ICU) are
// read in the first time a page makes an Intl formatter, 20-45 ms on a fast computer and about four
// times that on a phone. Made here while the app's scripts are still on their way, that is no longer
// part of the app's first render (the top bar's credits, a card's distance, a message's time).
try {
  const locale = document.documentElement.lang || undefined;
  new Intl.NumberFormat(locale).format(1);
  new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(0);
} catch {
  // An old browser without these formats: the app formats as it can.
}
