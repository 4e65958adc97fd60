import { REPORTS_PER_DAY } from "../../../common/constants";
import type { ReportBanRequest, ReportDecisionRequest, ReportGroup, ReportRequest } from "../../../common/schemas/reports";
import { type Limiter, takeTry } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { secondsToUtcMidnight, utcDay } from "../../time";
import { recordAudit } from "../audit/audit.repo";
import { blockIn } from "../blocks/blocks.service";
import { findVisibleProfile, type Viewer } from "../members/access";
import type { RestrictionsService } from "../moderation/restrictions.service";
import { eq } from "drizzle-orm";
import { likelyRule } from "../../../common/schemas/decisions";
import { users } from "../../db/schema";
import { newToken } from "../auth/tokens";
import type { DecisionTeller } from "./decisionTeller";
import { insertDecision, lockOpenReports } from "./decisions.repo";
import { settleNudge } from "../chat/chat.repo";
import {
  conversationSnapshot,
  decideReports,
  insertReport,
  isMessageBetween,
  membersWithOpenReports,
  queuedReportDto,
  reportedMembers,
  reportsAbout,
} from "./reports.repo";

/** Members report members; moderators decide on everything waiting about one member at once. */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly limiter: Limiter,
    private readonly restrictions: RestrictionsService,
    private readonly teller: DecisionTeller,
    private readonly onMailQueued: () => void,
  ) {}

  /** A report, with the conversation's last messages when it comes from the chat, and the block when asked for, in one transaction. */
  async report(viewer: Viewer & { id: number }, input: ReportRequest): Promise<{ blocked: boolean }> {
    if (input.id === viewer.id) throw new AppError(400, "request_invalid");
    await takeTry(this.limiter, `report:${viewer.id}:${utcDay()}`, { max: REPORTS_PER_DAY, windowSeconds: secondsToUtcMidnight() });
    // A member who blocked the reporter can still be reported (what they wrote before is the point).
    await findVisibleProfile(this.db, viewer, input.id).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === "blocked_by")) throw err;
    });
    const block = input.block === true;
    const messageId = input.message_id;
    await this.db.transaction(async (tx) => {
      // Only a message the member received from the one reported: not one's own, not another conversation's.
      if (messageId !== undefined && !(await isMessageBetween(tx, messageId, input.id, viewer.id))) throw notFound();
      const fromChat = input.from_chat || messageId !== undefined;
      const evidence = fromChat ? await conversationSnapshot(tx, viewer.siteId, viewer.id, input.id, messageId) : null;
      await insertReport(tx, {
        siteId: viewer.siteId,
        reporterId: viewer.id,
        reportedId: input.id,
        reason: input.reason,
        text: input.text || null,
        evidence,
        messageId: messageId ?? null,
      });
      // A reported message's harassment nudge is answered (issue 22): its recipient is not asked again.
      if (messageId !== undefined) await settleNudge(tx, messageId, input.id);
      if (block) await blockIn(tx, viewer.id, input.id);
    });
    return { blocked: block };
  }

  /** Reports waiting, grouped per reported member, each group with that member's earlier reports and decisions. */
  async queue(): Promise<ReportGroup[]> {
    const ids = await membersWithOpenReports(this.db);
    const [members, rows] = await Promise.all([reportedMembers(this.db, ids), reportsAbout(this.db, ids)]);
    return ids.flatMap((id) => {
      const member = members.find((m) => m.id === id);
      if (!member) return [];
      const about = rows.filter((r) => r.reportedId === id);
      return [
        {
          member,
          open: about.filter((r) => r.decidedAt === null).map(queuedReportDto),
          earlier: about.filter((r) => r.decidedAt !== null).map(queuedReportDto),
        },
      ];
    });
  }

  /**
   * Dismiss, warn, suspend or ban: every waiting report about the member is decided, in one
   * transaction with the restriction, the audit row, and the notices and mails of the statement of
   * reasons (DecisionTeller).
   */
  async decide(operatorId: number, memberId: number, input: ReportDecisionRequest | ({ decision: "ban" } & ReportBanRequest)): Promise<void> {
    const close = async (tx: Db, restriction: { id: number; until: Date | null } | null) => {
      const open = await lockOpenReports(tx, memberId);
      if (open.length === 0) throw notFound();
      const [member] = await tx.select({ siteId: users.siteId }).from(users).where(eq(users.id, memberId));
      const rule = input.rule ?? likelyRule(open.map((r) => r.reason));
      const appealKey = input.decision === "dismiss" ? null : newToken();
      const days = input.decision === "suspend" ? input.days : null;
      const until = restriction?.until ?? null;
      const decision = { memberId, decision: input.decision, rule, reason: input.reason, until, appealKey };
      const id = await insertDecision(tx, { ...decision, siteId: member.siteId, days, restrictionId: restriction?.id ?? null, decidedBy: operatorId });
      const ids = open.map((r) => r.id);
      await decideReports(tx, ids, { decision: input.decision, reason: input.reason, operatorId, decisionId: id });
      await recordAudit(tx, {
        operatorId,
        action: "reports.decide",
        memberId,
        reason: input.reason,
        details: { decision: input.decision, rule, report_ids: ids, decision_id: id },
      });
      await this.teller.decided(
        tx,
        { ...decision, id },
        open.map((r) => r.reporterId),
      );
    };
    if (input.decision === "suspend" || input.decision === "ban") {
      const days = input.decision === "suspend" ? input.days : undefined;
      await this.restrictions.restrict({ operatorId, memberId, reason: input.reason, days }, close);
    } else {
      await this.db.transaction((tx) => close(tx, null));
    }
    this.onMailQueued();
  }
}
