import { REPORTS_PER_DAY } from "../../../common/constants";
import type { ReportDecisionRequest, ReportGroup, ReportRequest } from "../../../common/schemas/reports";
import { type Limiter, takeTry } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { secondsToUtcMidnight, utcDay } from "../../time";
import { recordAudit } from "../audit/audit.repo";
import { blockIn } from "../blocks/blocks.service";
import { findVisibleProfile, type Viewer } from "../members/access";
import type { RestrictionsService } from "../moderation/restrictions.service";
import { conversationSnapshot, decideOpenReports, insertReport, membersWithOpenReports, queuedReportDto, reportedMembers, reportsAbout } from "./reports.repo";

/** Members report members; moderators decide on everything waiting about one member at once. */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly limiter: Limiter,
    private readonly restrictions: RestrictionsService,
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
    await this.db.transaction(async (tx) => {
      const evidence = input.from_chat ? await conversationSnapshot(tx, viewer.siteId, viewer.id, input.id) : null;
      await insertReport(tx, { siteId: viewer.siteId, reporterId: viewer.id, reportedId: input.id, reason: input.reason, text: input.text || null, evidence });
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

  /** Dismiss, warn or suspend: every waiting report about the member is decided, with the audit row, in one transaction. */
  async decide(operatorId: number, memberId: number, input: ReportDecisionRequest | { decision: "ban"; reason: string }): Promise<void> {
    const close = async (tx: Db) => {
      const ids = await decideOpenReports(tx, memberId, input.decision, input.reason, operatorId);
      if (ids.length === 0) throw notFound();
      await recordAudit(tx, { operatorId, action: "reports.decide", memberId, reason: input.reason, details: { decision: input.decision, report_ids: ids } });
    };
    if (input.decision === "suspend" || input.decision === "ban") {
      const days = input.decision === "suspend" ? input.days : undefined;
      await this.restrictions.restrict({ operatorId, memberId, reason: input.reason, days }, close);
      return;
    }
    await this.db.transaction(close);
  }
}
