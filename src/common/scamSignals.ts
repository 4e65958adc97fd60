/**
 * Scam nudges (issue 16): what in a chat message looks like the start of a scam: asking for money, a
 * bank transfer, crypto or gift cards, or moving the talk to another app or a phone number. The
 * server stores the kinds with the message (the recipient sees a calm warning, moderators a count);
 * the client asks the sender "are you sure?" before sending such a message.
 *
 * The patterns are written per language as people write in it (payment apps such as MobilePay,
 * Vipps, Swish, Tikkie, Bizum or BLIK; "RIB", "PCS" and "Neosurf" in French), and all of them apply
 * to every message: members do not always write in their site's language. Requests are matched
 * ("send me money", "überweis mir"), not offers ("I'll transfer it to you", "ich überweise dir").
 */

export const SCAM_KINDS = ["money", "bank", "crypto", "gift_card", "other_app", "phone"] as const;
export type ScamKind = (typeof SCAM_KINDS)[number];

// A word boundary that knows letters beyond ASCII (ä, ø, ł, é …).
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
/** Some words in between ("send me SOME money", "schick mir BITTE Geld"). */
const GAP = "(?:[\\p{L}\\p{N}€$£.,'’-]+\\s+){0,4}?";

/** A pattern from phrases: each a regex source; `…` stands for a short gap of words. */
function rule(...phrases: string[]): RegExp {
  const alternatives = phrases.map((p) => p.replaceAll(" ?", "\\s?").replaceAll(" … ", `\\s+${GAP}`).replaceAll(" ", "\\s+"));
  return new RegExp(`${B}(?:${alternatives.join("|")})${E}`, "iu");
}

const RULES: Record<ScamKind, Record<string, RegExp>> = {
  money: {
    en: rule(
      "(?:send|wire|lend|loan|give|transfer) (?:me|us) … (?:money|cash|funds|\\d+(?:[.,]\\d+)?\\s*(?:\\$|€|£|usd|eur|euros?|dollars?|pounds?)|\\$\\s?\\d+)",
      "(?:need|needs|needed) (?:some |a little |urgent |the )?(?:money|cash|funds)",
      "borrow (?:some )?(?:money|cash)",
      "(?:pay|paying|cover) for (?:my|the) (?:ticket|flight|visa|hospital|rent|bills?|trip|customs)",
      "help me (?:out )?(?:financially|with (?:money|the money|my rent|my bills))",
    ),
    de: rule(
      "(?:schick|schicke|schickst|sende|leih|leihe|leihst|gib|borg|borgst) (?:du )?mir … (?:geld|kohle|euro|\\d+\\s*(?:€|euro|franken|chf))",
      "(?:brauche|bräuchte|benötige) (?:dringend |etwas |ein bisschen |bitte )?(?:geld|kohle)",
      "geld (?:leihen|borgen|schicken|senden)",
      "kannst du mir … (?:geld|euro) … (?:leihen|schicken|geben|borgen|überweisen)",
    ),
    fr: rule(
      "(?:envoie|envoyez|prête|prêtez|avance|avancez|donne|donnez)[- ](?:moi|nous) … (?:de l'argent|d’argent|de l’argent|argent|\\d+\\s*(?:€|euros?))",
      "(?:besoin|manque) d[’']argent",
      "(?:m[’']envoyer|me prêter|m[’']avancer) … (?:argent|\\d+\\s*(?:€|euros?))",
      "payer (?:mon|mes|le) (?:billet|visa|loyer|factures|hôpital|voyage)",
    ),
    es: rule(
      "(?:envíame|enviame|mándame|mandame|préstame|prestame|dame|pásame|pasame) … (?:dinero|plata|pasta|\\d+\\s*(?:€|euros?|dólares))",
      "(?:necesito|necesitaría) (?:algo de |un poco de |urgente )?(?:dinero|plata|pasta)",
      "(?:prestar|enviar|mandar)me … dinero",
      "(?:pagar|pagarme) (?:el|mi|los) (?:billete|vuelo|visado|alquiler|hospital)",
    ),
    it: rule(
      "(?:mandami|inviami|prestami|dammi|spediscimi) … (?:soldi|denaro|\\d+\\s*(?:€|euro))",
      "(?:ho bisogno|avrei bisogno) di (?:un po' di |qualche )?(?:soldi|denaro)",
      "(?:prestarmi|mandarmi|inviarmi) … (?:soldi|denaro|\\d+\\s*(?:€|euro))",
      "pagare (?:il|mio|il mio) (?:biglietto|volo|visto|affitto|ospedale)",
    ),
    nl: rule(
      "(?:stuur|leen|geef) (?:me|mij|jij me) … (?:geld|euro|\\d+\\s*(?:€|euro))",
      "(?:heb|ik heb) (?:dringend )?geld nodig",
      "geld (?:lenen|sturen|opsturen)",
      "kun je (?:me|mij) … (?:geld|euro) … (?:lenen|sturen|geven)",
      "tikkie",
    ),
    da: rule(
      "(?:send|sende|sender|lån|låne|låner|giv|give) mig … (?:penge|kroner|kr|\\d+\\s*(?:kr|kroner|€|euro))",
      "(?:brug for|mangler) (?:nogle |lidt )?penge",
      "låne (?:mig )?(?:nogle |lidt )?penge",
    ),
    nb: rule(
      "(?:send|sende|sender|lån|låne|låner|gi) meg … (?:penger|kroner|kr|\\d+\\s*(?:kr|kroner|€|euro))",
      "(?:trenger|mangler) (?:noen |litt )?penger",
      "låne (?:meg )?(?:noen |litt )?penger",
    ),
    sv: rule(
      "(?:skicka|skickar|låna|lånar|ge) mig … (?:pengar|kronor|kr|\\d+\\s*(?:kr|kronor|€|euro))",
      "(?:behöver|saknar) (?:lite |några )?pengar",
      "låna (?:mig )?(?:lite )?pengar",
    ),
    fi: rule(
      "(?:lähetä|lähettäisitkö|lainaa|lainaisitko|lainata|anna|antaisitko) … (?:rahaa|rahat|\\d+\\s*(?:€|euroa?))",
      "(?:tarvitsen|tarvitsisin|tarviin) (?:vähän |kiireesti |hieman )?rahaa",
    ),
    pl: rule(
      "(?:wyślij|wyslij|pożycz|pozycz|daj|przyślij) mi … (?:pieniądze|pieniędzy|pieniadze|pieniedzy|kasę|kase|kasy|\\d+\\s*(?:zł|zl|pln|€|euro))",
      "(?:potrzebuję|potrzebuje|potrzebowałabym|potrzebowałbym) (?:trochę |pilnie )?(?:pieniędzy|pieniedzy|kasy)",
      "pożyczyć (?:mi )?(?:trochę )?(?:pieniędzy|kasy)",
    ),
  },
  bank: {
    any: rule(
      "iban",
      "[a-z]{2}\\d{2}(?:\\s?[a-z0-9]{4}){3,7}(?:\\s?[a-z0-9]{1,3})?",
      "western ?union",
      "money ?gram",
      "paypal(?:\\.me)?",
      "revolut",
      "cash ?app",
      "venmo",
      "(?:via|by|on|through) zelle",
    ),
    en: rule("bank (?:transfer|details)", "account number", "routing number", "(?:transfer|wire) (?:it |the money |money )?(?:to me|to my|me)"),
    de: rule(
      "kontonummer",
      "bankverbindung",
      "bankdaten",
      "(?:überweis|überweise|überweist|überweisen sie) (?:mir|uns)",
      "mir … überweisen",
      "überweisung (?:an mich|auf mein)",
    ),
    fr: rule(
      "(?:ton|mon|votre|un|le) rib",
      "coordonnées bancaires",
      "numéro de compte",
      "virement (?:sur mon|à moi)",
      "(?:vire|virez)[- ]moi",
      "me faire un virement",
      "mandat cash",
      "(?:par|sur|via|un|une) lydia",
    ),
    es: rule(
      "número de cuenta",
      "datos bancarios",
      "transfiéreme",
      "transfiereme",
      "hazme (?:una )?transferencia",
      "bizum(?:ame|éame|eame)",
      "(?:hazme|mándame|mandame) un bizum",
    ),
    it: rule(
      "numero di conto",
      "coordinate bancarie",
      "(?:fammi|mi fai|mi faresti) (?:un )?bonifico",
      "bonifico (?:a me|sul mio)",
      "postepay",
      "ricarica(?:mi)? (?:la )?postepay",
    ),
    nl: rule("rekeningnummer", "bankgegevens", "(?:maak|stort) … (?:naar|op) (?:mij|mijn rekening)", "kun je … overmaken"),
    da: rule("kontonummer", "reg\\.?\\s?nr", "overfør (?:til mig|mig)", "mobilepay (?:mig|til mig)"),
    nb: rule("kontonummer", "kontonr", "overfør (?:til meg|meg)", "vipps (?:meg|til meg)", "vippse (?:meg|til meg)"),
    sv: rule("kontonummer", "clearingnummer", "(?:swisha|swisha över) (?:mig|till mig)", "föra över (?:till mig|pengar till mig)"),
    fi: rule("tilinumero\\p{L}*", "tilisiirto (?:minulle|mulle)", "siirrä (?:minulle|mulle|tililleni)", "mobilepay(?:lla)? (?:minulle|mulle)"),
    pl: rule("numer konta", "przelej mi", "(?:zrób|zrob) mi przelew", "przelew na (?:moje|mój|moj) konto", "(?:kod|kodem) blik", "blikiem"),
  },
  crypto: {
    any: rule(
      "bitcoins?",
      "btc",
      "crypto(?:s|currenc\\p{L}*|valuta\\p{L}*|monnaie\\p{L}*|-\\p{L}+)?",
      "krypto(?:valuta\\p{L}*|valuutta\\p{L}*|währung\\p{L}*|-\\p{L}+)?",
      "cripto(?:valut\\p{L}*|moneda\\p{L}*|-\\p{L}+)?",
      "kryptowalut\\p{L}*",
      "ethereum",
      "usdt",
      "binance",
      "coinbase",
      "bc1[a-z0-9]{20,}",
      "0x[0-9a-f]{40}",
    ),
  },
  gift_card: {
    any: rule(
      "(?:steam|itunes|apple|amazon|google ?play|xbox|playstation|psn)[- ]?(?:gift ?)?(?:cards?|karte|kort|kortti|karty?|carte|tarjeta|carta|kaart|code)",
      "paysafe ?card",
      "neosurf",
      "transcash",
    ),
    en: rule("gift ?cards?", "(?:voucher|card) codes?"),
    de: rule("geschenkkarte\\p{L}*", "gutscheinkarte\\p{L}*", "guthabenkarte\\p{L}*", "gutschein ?codes?", "(?:amazon|steam|itunes)-?gutschein\\p{L}*"),
    fr: rule("cartes? cadeaux?", "coupons? pcs", "recharges? pcs"),
    es: rule("tarjetas? (?:de )?regalo"),
    it: rule("carte? regalo", "buoni regalo", "buono regalo"),
    nl: rule("cadeaukaart\\p{L}*", "cadeaubon\\p{L}*", "steamkaart\\p{L}*"),
    da: rule("gavekort\\p{L}*"),
    nb: rule("gavekort\\p{L}*"),
    sv: rule("presentkort\\p{L}*"),
    fi: rule("lahjakort\\p{L}*", "steam-kort\\p{L}*"),
    pl: rule("kart\\p{L}* podarunkow\\p{L}*", "(?:kod|kody) (?:do )?(?:steam|google play|itunes)"),
  },
  other_app: {
    any: rule(
      "whats ?app\\p{L}*",
      "wa\\.me",
      "telegram\\p{L}*",
      "t\\.me",
      "snapchat\\p{L}*",
      "instagram\\p{L}*",
      "kik",
      "viber",
      "wechat",
      "skype",
      "threema",
      "(?:on|auf|über|sur|por|en|su|op|på|na) (?:signal|snap|insta)",
      "(?:signal|snap|insta)(?::| name| id| account| konto| nick)",
    ),
    es: rule("wasap\\p{L}*", "guasap\\p{L}*"),
    nl: rule("app (?:me|mij) (?:maar|even|gerust)?"),
    fi: rule("signalissa", "signaliin", "snäpissä", "snäppiin", "instassa", "instaan"),
    pl: rule("na (?:signalu|snapie|instagramie|insta)"),
  },
  phone: {
    en: rule("(?:your|my) (?:phone |mobile |cell |whatsapp )?number", "(?:text|call) me (?:on|at) \\+?\\d"),
    de: rule("(?:deine|meine|ihre) (?:handy|telefon|mobil)?nummer", "(?:handy|telefon|mobil)nummer"),
    fr: rule("(?:ton|mon|votre) (?:numéro|num|06|07)", "numéro de (?:téléphone|portable)"),
    es: rule("(?:tu|mi|su) (?:número|numero|número de (?:móvil|teléfono|whatsapp))", "número de (?:teléfono|móvil|celular)"),
    it: rule("(?:il tuo|il mio|il suo|tuo|mio) numero", "numero di (?:telefono|cellulare)"),
    nl: rule("(?:je|jouw|mijn|uw) (?:(?:telefoon|mobiele |06[- ]?)?nummer|06)", "telefoonnummer"),
    da: rule("(?:dit|mit) (?:telefon|mobil)?nummer", "nummeret (?:dit|mit)", "telefonnummer", "mobilnummer"),
    nb: rule("(?:ditt|mitt) (?:telefon|mobil)?nummer", "nummeret (?:ditt|mitt)", "telefonnummer\\p{L}*", "mobilnummer\\p{L}*"),
    sv: rule("(?:ditt|mitt) (?:telefon|mobil)?nummer", "numret (?:ditt|mitt)", "telefonnummer\\p{L}*", "mobilnummer\\p{L}*"),
    fi: rule("puhelinnumero\\p{L}*", "numerosi", "numeroni", "(?:sun|mun) numero\\p{L}*", "kännynumero\\p{L}*"),
    pl: rule("(?:twój|twoj|mój|moj|pani) (?:numer|nr)(?: telefonu)?", "numer (?:telefonu|komórki|komorki)"),
  },
};

/** Digits written like a phone number: 9 or more, or 8 with a + or 00 in front or in pairs (Danish, Norwegian). */
function hasPhoneNumber(text: string): boolean {
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])(\+|00)?\d[\d \-/.()]{6,20}\d(?![\p{L}\p{N}])/gu)) {
    const digits = m[0].replace(/\D/g, "");
    const raw = m[0];
    // Dates and ranges of years are not numbers to call.
    if (/^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/.test(raw) || /^(19|20)\d\d\s*[-/]\s*(19|20)\d\d$/.test(raw)) continue;
    if (digits.length >= 9 && digits.length <= 15) return true;
    if (digits.length === 8 && (m[1] !== undefined || /^\d\d( \d\d){3}$/.test(raw) || /^\d{8}$/.test(raw))) return true;
  }
  return false;
}

const IBAN = /(?<![\p{L}\p{N}])[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}(?:\s?[a-z0-9]{1,3})?(?![\p{L}\p{N}])/gu;

/** The kinds of scam signal a message shows, in SCAM_KINDS order (empty for ordinary talk). */
export function scamSignals(text: string): ScamKind[] {
  const t = text.normalize("NFC").toLowerCase();
  // The digits of an account number are not a phone number.
  return SCAM_KINDS.filter((kind) => Object.values(RULES[kind]).some((re) => re.test(t)) || (kind === "phone" && hasPhoneNumber(t.replace(IBAN, " "))));
}

/** The kinds as the database stores them: one bit each, in SCAM_KINDS order. */
export function scamMask(kinds: readonly ScamKind[]): number {
  return kinds.reduce((mask, kind) => mask | (1 << SCAM_KINDS.indexOf(kind)), 0);
}

export function scamKindsOf(mask: number): ScamKind[] {
  return SCAM_KINDS.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** A message asking for money in some way (the other kinds move the talk elsewhere). */
export const isMoneySignal = (kind: ScamKind) => kind !== "other_app" && kind !== "phone";
