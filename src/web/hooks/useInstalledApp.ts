/** True when the site runs as an installed app (home-screen / standalone display). */
export function isInstalledApp(): boolean {
  if (typeof window === "undefined") return false;
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone;
  return Boolean(standalone) || window.matchMedia?.("(display-mode: standalone)").matches === true;
}
