import { describe, expect, it } from "vitest";
import { SCAM_KINDS, type ScamKind, scamKindsOf, scamMask, scamSignals } from "./scamSignals";

// Real-looking messages per language: [text, kinds it must show] (an empty list: it must not fire).
const EXAMPLES: Record<string, [string, ScamKind[]][]> = {
  en: [
    ["Honey, could you send me some money for the flight? I will pay you back", ["money"]],
    ["I need money for the hospital, please help", ["money"]],
    ["Just wire it to my account through Western Union", ["bank"]],
    ["My IBAN is GB82 WEST 1234 5698 7654 32", ["bank"]],
    ["Buy me an Amazon gift card and send me the code", ["gift_card"]],
    ["I only invest in bitcoin, let me show you", ["crypto"]],
    ["Let's continue on WhatsApp, this site is slow", ["other_app"]],
    ["Add me on Signal, my number is +44 7700 900123", ["other_app", "phone"]],
    ["I'll transfer to you the photos from the trip tomorrow", []],
    ["My phone died at work so I couldn't answer, sorry!", []],
    ["I work as a nurse, the night shifts are long but I love it", []],
    ["Give me five minutes, I'm finishing dinner", []],
    ["The signal in the mountains was terrible", []],
    ["I'm saving money for a trip to Japan in 2025-2026", []],
    ["My sister Lydia cracked a rib skiing, so I'm her driver this week", []],
    ["What's your favourite film? Mine is number 23 on the list", []],
  ],
  de: [
    ["Schatz, kannst du mir 300 Euro überweisen? Ich zahle es zurück", ["money", "bank"]],
    ["Ich brauche dringend Geld für die Miete", ["money"]],
    ["Hier meine Bankverbindung: DE89 3704 0044 0532 0130 00", ["bank"]],
    ["Kauf mir bitte eine Steam-Karte, 100 Euro reichen", ["gift_card"]],
    ["Schreib mir lieber auf WhatsApp, hier bin ich selten", ["other_app"]],
    ["Gib mir deine Handynummer, dann rufe ich an", ["phone"]],
    ["Meine Nummer: 0151 23456789", ["phone"]],
    ["Ich überweise dir morgen das Geld fürs Konzertticket", []],
    ["Mein Handy ist gestern kaputtgegangen, deshalb die Funkstille", []],
    ["Ich arbeite als Ingenieurin bei einem Autozulieferer", []],
    ["Kannst du mir sagen, wie das Wetter in Hamburg ist?", []],
    ["Das Signal im Zug war schlecht, ich melde mich später", []],
  ],
  fr: [
    ["Mon cœur, envoie-moi de l'argent pour le billet d'avion", ["money"]],
    ["J'ai besoin d'argent pour payer mon loyer", ["money"]],
    ["Achète des coupons PCS ou une carte cadeau Google Play", ["gift_card"]],
    ["Je te donne mon RIB, fais-moi un virement sur mon compte", ["bank"]],
    ["On continue sur Snapchat ? Mon num c'est 06 12 34 56 78", ["other_app", "phone"]],
    ["Je te rembourse par virement demain pour le resto", []],
    ["Mon portable est cassé, je t'écris depuis l'ordinateur", []],
    ["Je travaille dans une banque à Lyon, c'est calme", []],
  ],
  es: [
    ["Cariño, ¿puedes enviarme dinero? Mándame 200 euros", ["money"]],
    ["Necesito dinero urgente para el hospital", ["money"]],
    ["Hazme una transferencia a este número de cuenta", ["bank"]],
    ["Cómprame una tarjeta regalo de iTunes", ["gift_card"]],
    ["Mejor hablamos por wasap, pásame tu número", ["other_app", "phone"]],
    ["Te hago una transferencia mañana por la cena, no te preocupes", []],
    ["Se me rompió el móvil en el trabajo, por eso no contesté", []],
    ["Trabajo de profesora en un colegio de Sevilla", []],
  ],
  it: [
    ["Amore, mandami 500 euro per il biglietto", ["money"]],
    ["Ho bisogno di soldi per l'ospedale", ["money"]],
    ["Fammi un bonifico, ti do le coordinate bancarie", ["bank"]],
    ["Ricaricami la Postepay per favore", ["bank"]],
    ["Investo in criptovalute, ti spiego come", ["crypto"]],
    ["Scrivimi su Telegram, ecco il mio numero: 347 123 4567", ["other_app", "phone"]],
    ["Ti faccio un bonifico per la cena, tranquillo", []],
    ["Il mio cellulare è scarico, ti scrivo dopo il lavoro", []],
  ],
  nl: [
    ["Schat, kun je me 200 euro lenen? Ik betaal het terug", ["money"]],
    ["Ik heb dringend geld nodig voor de huur", ["money"]],
    ["Stuur me een tikkie, of maak het over naar mijn rekening", ["money", "bank"]],
    ["Koop een cadeaukaart van Steam voor me", ["gift_card"]],
    ["App me maar, mijn 06 is 06-12345678", ["other_app", "phone"]],
    ["Ik maak het geld voor de bioscoop morgen naar je over", []],
    ["Mijn telefoon viel in het water tijdens mijn werk", []],
  ],
  da: [
    ["Skat, kan du sende mig nogle penge til flybilletten?", ["money"]],
    ["Jeg har brug for penge til hospitalet", ["money"]],
    ["Overfør til mig på reg.nr 1234 kontonummer 1234567890", ["bank", "phone"]],
    ["Køb et gavekort til Steam og send mig koden", ["gift_card"]],
    ["Skriv til mig på Telegram, mit nummer er 20 12 34 56", ["other_app", "phone"]],
    ["Jeg overfører til dig for biografbilletten i morgen", []],
    ["Min telefon gik i stykker på arbejdet i dag", []],
    ["Kan du give mig et godt råd om Roskilde?", []],
  ],
  nb: [
    ["Kjære, kan du sende meg litt penger? Jeg trenger penger til billetten", ["money"]],
    ["Vipps meg 500 kr, så betaler jeg tilbake", ["bank"]],
    ["Kjøp gavekort på iTunes til meg", ["gift_card"]],
    ["Send meg nummeret ditt, så tar vi det på Snap", ["other_app", "phone"]],
    ["Jeg vippser deg for middagen i morgen", []],
    ["Mobilen min er ødelagt, jeg skriver fra jobben", []],
  ],
  sv: [
    ["Älskling, kan du skicka mig lite pengar till resan?", ["money"]],
    ["Swisha mig 1000 kr så länge, jag behöver pengar", ["money", "bank"]],
    ["Köp ett presentkort på Google Play och skicka koden", ["gift_card"]],
    ["Vi kan ta det på WhatsApp istället, vad är ditt nummer?", ["other_app", "phone"]],
    ["Jag swishar dig för bion imorgon", []],
    ["Min telefon dog på jobbet, därför svarade jag inte", []],
  ],
  fi: [
    ["Kulta, voisitko lähettää mulle vähän rahaa lentolippuun? Lähetä 300 euroa", ["money"]],
    ["Tarvitsen rahaa sairaalalaskuun", ["money"]],
    ["Tässä tilinumeroni: FI21 1234 5600 0007 85", ["bank"]],
    ["Osta minulle Steam-lahjakortti", ["gift_card"]],
    ["Jatketaan WhatsAppissa, mikä on sun numero?", ["other_app", "phone"]],
    ["Maksan sinulle huomenna leffalipun MobilePaylla", []],
    ["Puhelimeni hajosi töissä, siksi en vastannut", []],
  ],
  pl: [
    ["Kochanie, wyślij mi trochę pieniędzy na bilet", ["money"]],
    ["Potrzebuję pieniędzy na szpital, przelej mi 500 zł", ["money", "bank"]],
    ["Podaj mi kod BLIK, to tylko na chwilę", ["bank"]],
    ["Kup mi kartę podarunkową Steam", ["gift_card"]],
    ["Napisz do mnie na WhatsAppie, mój numer to 600 123 456", ["other_app", "phone"]],
    ["Zrobię ci przelew za kino jutro", []],
    ["Telefon mi się rozładował w pracy, dlatego nie odpisałam", []],
  ],
};

describe("scamSignals", () => {
  for (const [language, examples] of Object.entries(EXAMPLES)) {
    it(`finds what asks for money or moves the talk elsewhere, and nothing in ordinary talk (${language})`, () => {
      for (const [text, kinds] of examples) expect({ text, kinds: scamSignals(text) }).toEqual({ text, kinds });
    });
  }

  it("stores the kinds as bits and reads them back", () => {
    expect(scamMask([])).toBe(0);
    expect(scamKindsOf(scamMask(["money", "phone"]))).toEqual(["money", "phone"]);
    expect(scamKindsOf(scamMask([...SCAM_KINDS]))).toEqual([...SCAM_KINDS]);
  });
});
