import { APPEAL_DAYS } from "../../../common/constants";
import type { AppealDecisionRequest, AppealQueue, AppealRequest, AppealState } from "../../../common/schemas/decisions";
import type { OperatorRole } from "../../../common/schemas/console";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit.repo";
import { liftIn, type RestrictionsService } from "../moderation/restrictions.service";
import type { DecisionTeller } from "./decisionTeller";
import { type DecisionRow, decisionByKey, lockDecision, openAppeals, reportersOf, reportReasonsOf, updateDecision } from "./decisions.repo";

const DAY = 86_400_000;

type Operator = { id: number; role: OperatorRole };

/**
 * Who may decide an appeal: an admin, or a moderator other than the one who made the decision (DSA
 * Art. 20: a review by someone else than the first decider, where the team allows it; an admin may
 * review their own when nobody else can).
 */
export function mayDecideAppeal(operator: Operator, decision: Pick<DecisionRow, "decidedBy">): boolean {
  return operator.role === "admin" || (operator.role === "moderator" && decision.decidedBy !== operator.id);
}

/** Whether the appeal window of a decision is still open. */
export function appealOpen(decidedAt: Date, now = new Date()): boolean {
  return now.getTime() - decidedAt.getTime() <= APPEAL_DAYS * DAY;
}

/** The reported member's one appeal against a decision, and the moderators' decision on it. */
export class AppealsService {
  constructor(
    private readonly db: Db,
    private readonly restrictions: RestrictionsService,
    private readonly teller: DecisionTeller,
    private readonly onMailQueued: () => void,
  ) {}

  /** The decision an appeal key opens (the key is the member's proof: a banned member has no session). */
  async state(key: string): Promise<AppealState> {
    const d = await decisionByKey(this.db, key);
    if (!d) throw notFound();
    return {
      decision: d.decision,
      rule: d.rule,
      reason: d.reason,
      until: d.until?.toISOString() ?? null,
      appealed: d.appealedAt !== null,
      outcome: d.appealOutcome,
    };
  }

  /** Lodges the appeal: once per decision, within APPEAL_DAYS. */
  async appeal(input: AppealRequest): Promise<void> {
    await this.db.transaction(async (tx) => {
      const found = await decisionByKey(tx, input.key);
      const d = found && (await lockDecision(tx, found.id));
      if (!d) throw notFound();
      if (d.appealedAt) throw new AppError(409, "appeal_already");
      if (!appealOpen(d.decidedAt)) throw new AppError(409, "appeal_closed");
      await updateDecision(tx, d.id, { appealText: input.text, appealedAt: new Date() });
    });
  }

  async queue(operator: Operator): Promise<AppealQueue> {
    const rows = await openAppeals(this.db);
    const reasons = await reportReasonsOf(
      this.db,
      rows.map((r) => r.d.id),
    );
    return {
      appeals: rows.map(({ d, name, email, decidedByEmail }) => ({
        id: d.id,
        member: { id: d.memberId, name, email },
        decision: d.decision,
        rule: d.rule,
        reason: d.reason,
        days: d.days,
        decided_at: d.decidedAt.toISOString(),
        decided_by: { id: d.decidedBy, email: decidedByEmail },
        appeal_text: d.appealText ?? "",
        appealed_at: d.appealedAt?.toISOString() ?? "",
        report_reasons: reasons.filter((r) => r.decisionId === d.id).map((r) => r.reason),
        may_decide: mayDecideAppeal(operator, d),
      })),
    };
  }

  /**
   * Upholds or reverses the decision, in one transaction with the audit row and the notices and mails
   * of the member and of the reporters whose reports it settled. Reversing lifts the ban or
   * suspension the decision imposed (if it is still in force).
   */
  async decide(operator: Operator, decisionId: number, input: AppealDecisionRequest): Promise<void> {
    let lifted = false;
    let memberId = 0;
    await this.db.transaction(async (tx) => {
      const d = await lockDecision(tx, decisionId);
      if (!d?.appealedAt || d.appealOutcome) throw notFound();
      if (!mayDecideAppeal(operator, d)) throw new AppError(403, "appeal_own_decision");
      memberId = d.memberId;
      await updateDecision(tx, d.id, { appealOutcome: input.outcome, appealReason: input.reason, appealDecidedBy: operator.id, appealDecidedAt: new Date() });
      if (input.outcome === "reversed" && d.restrictionId) {
        lifted = (await liftIn(tx, operator.id, d.memberId, input.reason, d.restrictionId)).length > 0;
      }
      await recordAudit(tx, {
        operatorId: operator.id,
        action: "reports.appeal",
        memberId: d.memberId,
        reason: input.reason,
        details: { decision_id: d.id, outcome: input.outcome },
      });
      await this.teller.appealDecided(tx, d, input.outcome, input.reason, await reportersOf(tx, d.id));
    });
    this.onMailQueued();
    if (lifted) await this.restrictions.lifted(memberId);
  }
}
