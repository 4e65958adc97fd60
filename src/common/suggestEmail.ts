import mailSpellChecker from "@zootools/email-spell-checker";

// Mail providers our members use most, on top of the library's worldwide list.
const EUROPEAN_DOMAINS = [
  "ziggo.nl",
  "kpnmail.nl",
  "planet.nl",
  "home.nl",
  "live.nl",
  "hotmail.nl",
  "telenet.be",
  "skynet.be",
  "web.de",
  "gmx.de",
  "gmx.net",
  "t-online.de",
  "freenet.de",
  "gmx.at",
  "bluewin.ch",
  "orange.fr",
  "free.fr",
  "laposte.net",
  "sfr.fr",
  "libero.it",
  "virgilio.it",
  "tiscali.it",
  "wp.pl",
  "o2.pl",
  "onet.pl",
  "interia.pl",
  "telia.com",
  "online.no",
  "jubii.dk",
  "mail.dk",
  "luukku.com",
  "btinternet.com",
  "sky.com",
  "eircom.net",
];
const DOMAINS = [...mailSpellChecker.POPULAR_DOMAINS, ...EUROPEAN_DOMAINS];

/** A likely intended address for a mistyped one ("did you mean ...?"), or null. */
export function suggestEmail(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)) return null;
  const suggestion = mailSpellChecker.run({ email: trimmed, domains: DOMAINS });
  return suggestion && suggestion.full !== trimmed ? suggestion.full : null;
}
