import type { Language } from "../../../common/locales";
import { isLanguage } from "../../../common/locales";
import { type AppealOutcome, type ReportRule, restoresAccount } from "../../../common/schemas/decisions";
import type { ReportDecision } from "../../../common/schemas/reports";
import { translate } from "../../i18n";
import type { MailContent } from "../../mail/mailTemplates";
import { renderMail } from "../../mail/mailTemplates";

// The mails of a decision, in the recipient's language: the statement of reasons to the member
// decided on, the outcome to the reporters (whether the site acted, nothing more), and the outcome
// of an appeal (to the member with the moderator's reasons; to the reporters whether the decision
// stands, and on a reversal whether the member has their account back). The reason is the
// moderator's own words, quoted as written, and only ever to the member it was written to.

export interface Recipient {
  name: string;
  language: string;
  siteName: string;
}

const languageOf = (r: Recipient): Language => (isLanguage(r.language) ? r.language : "en");

/** A date and time as the recipient reads it, in UTC (a mail has no time zone). */
export function mailDateTime(language: Language, at: Date): string {
  return `${new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
}

/** "A warning", "your account is suspended until ...", "your account is closed". */
export function actionText(language: Language, decision: ReportDecision, until: Date | null): string {
  if (decision === "suspend" && until) return translate(language, "decisions.action.suspend", { until: mailDateTime(language, until) });
  return translate(language, `decisions.action.${decision === "suspend" ? "ban" : decision}`);
}

export function decisionMail(
  to: Recipient,
  d: { decision: ReportDecision; rule: ReportRule; reason: string; until: Date | null },
  appealLink: string,
): MailContent {
  const language = languageOf(to);
  return renderMail({
    template: "decision",
    language,
    siteName: to.siteName,
    name: to.name,
    link: appealLink,
    vars: { action: actionText(language, d.decision, d.until), rule: translate(language, `decisions.rule.${d.rule}`), reason: d.reason },
  });
}

export function reportOutcomeMail(to: Recipient, about: string, acted: boolean, link: string): MailContent {
  const language = languageOf(to);
  return renderMail({
    template: "report_outcome",
    language,
    siteName: to.siteName,
    name: to.name,
    partner: about,
    link,
    vars: { outcome: translate(language, `decisions.outcome.${acted ? "acted" : "dismissed"}`) },
  });
}

export function appealOutcomeMail(to: Recipient, outcome: AppealOutcome, reason: string, link: string): MailContent {
  const language = languageOf(to);
  return renderMail({
    template: "appeal_outcome",
    language,
    siteName: to.siteName,
    name: to.name,
    link,
    vars: { outcome: translate(language, `decisions.appeal_outcome.${outcome}`), reason },
  });
}

/** What a reporter is told of an appeal's outcome (the notice on the site says the same from `outcome` and `restored`). */
function reportAppealOutcomeKey(decision: ReportDecision, outcome: AppealOutcome): string {
  if (outcome === "upheld") return "decisions.report_appeal_outcome.upheld";
  return restoresAccount(decision, outcome) ? "decisions.report_appeal_outcome.restored" : "decisions.report_appeal_outcome.reversed";
}

export function reportAppealOutcomeMail(to: Recipient, about: string, decision: ReportDecision, outcome: AppealOutcome, link: string): MailContent {
  const language = languageOf(to);
  return renderMail({
    template: "report_appeal_outcome",
    language,
    siteName: to.siteName,
    name: to.name,
    partner: about,
    link,
    vars: { outcome: translate(language, reportAppealOutcomeKey(decision, outcome)) },
  });
}
