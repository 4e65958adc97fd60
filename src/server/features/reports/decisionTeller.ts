import type { AppealOutcome, ReportRule } from "../../../common/schemas/decisions";
import type { ReportDecision } from "../../../common/schemas/reports";
import type { Db } from "../../db/client";
import { enqueueMail } from "../../mail/enqueueMail";
import type { SiteOrigin } from "../settings/siteOrigin";
import type { SiteRow } from "../settings/settings.repo";
import { appealOutcomeMail, decisionMail, reportAppealOutcomeMail, reportOutcomeMail } from "./decisionMails";
import { insertNotices, mailFactsOf } from "./decisions.repo";

export interface ToldDecision {
  id: number;
  memberId: number;
  decision: ReportDecision;
  rule: ReportRule;
  reason: string;
  until: Date | null;
  appealKey: string | null;
}

/** Each reporter once; not a reporter since erased, nor the member decided on. */
const reportersToTell = (ids: (number | null)[], memberId: number) => [...new Set(ids.filter((id): id is number => id !== null && id !== memberId))];

/**
 * Tells the members concerned, in the caller's transaction: a notice on the site and a mail, each in
 * the member's language. The member decided on hears of every decision but a dismissal (nothing was
 * done to them, and telling them who reported them would invite retaliation); each reporter hears
 * whether the site acted, never the sanction.
 */
export class DecisionTeller {
  constructor(
    private readonly mailFrom: (site: SiteRow) => string,
    private readonly siteOrigin: SiteOrigin,
  ) {}

  async decided(tx: Db, d: ToldDecision, reporterIds: (number | null)[]): Promise<void> {
    const reporters = reportersToTell(reporterIds, d.memberId);
    const toMember = d.decision !== "dismiss";
    await insertNotices(tx, [
      ...(toMember ? [{ userId: d.memberId, decisionId: d.id, kind: "decision" as const }] : []),
      ...reporters.map((userId) => ({ userId, decisionId: d.id, kind: "report_outcome" as const })),
    ]);
    const facts = await mailFactsOf(tx, [d.memberId, ...reporters]);
    const member = facts.find((f) => f.id === d.memberId);
    for (const to of facts) {
      const recipient = { name: to.name, language: to.language, siteName: to.site.settings.name };
      const origin = this.siteOrigin(to.site);
      if (to.id === d.memberId) {
        if (!toMember) continue;
        const content = decisionMail(recipient, d, `${origin}/appeal?key=${d.appealKey}`);
        await enqueueMail(tx, { ...content, to: to.email, from: this.mailFrom(to.site), userId: to.id, about: [to.id] });
      } else {
        const content = reportOutcomeMail(recipient, member?.name ?? "", d.decision !== "dismiss", `${origin}/safety`);
        await enqueueMail(tx, { ...content, to: to.email, from: this.mailFrom(to.site), userId: to.id, about: [to.id, d.memberId] });
      }
    }
  }

  /**
   * The outcome of an appeal: to the member who appealed with the moderator's reasons; to each reporter
   * whether the decision stands and, on a reversal, whether the member has their account back: not the
   * moderator's reasons, which were written to the member and may tell of their life.
   */
  async appealDecided(
    tx: Db,
    d: { id: number; memberId: number; decision: ReportDecision },
    outcome: AppealOutcome,
    reason: string,
    reporterIds: (number | null)[],
  ): Promise<void> {
    const reporters = reportersToTell(reporterIds, d.memberId);
    await insertNotices(tx, [
      { userId: d.memberId, decisionId: d.id, kind: "appeal_outcome" },
      ...reporters.map((userId) => ({ userId, decisionId: d.id, kind: "report_appeal_outcome" as const })),
    ]);
    const facts = await mailFactsOf(tx, [d.memberId, ...reporters]);
    const member = facts.find((f) => f.id === d.memberId);
    for (const to of facts) {
      const recipient = { name: to.name, language: to.language, siteName: to.site.settings.name };
      const origin = this.siteOrigin(to.site);
      if (to.id === d.memberId) {
        const content = appealOutcomeMail(recipient, outcome, reason, origin);
        await enqueueMail(tx, { ...content, to: to.email, from: this.mailFrom(to.site), userId: to.id, about: [to.id] });
      } else {
        const content = reportAppealOutcomeMail(recipient, member?.name ?? "", d.decision, outcome, `${origin}/safety`);
        await enqueueMail(tx, { ...content, to: to.email, from: this.mailFrom(to.site), userId: to.id, about: [to.id, d.memberId] });
      }
    }
  }
}
