import { type Operations, STUCK_PAYMENT_HOURS } from "../../../common/schemas/operations";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { recordAudit } from "../audit/audit.repo";
import { safeJobError } from "./jobError";
import { failingJobs, retryJob, stuckPayments, todayCounts } from "./operations.repo";

/** The operations screen: what failed in the background, payments that hang, today's counts. */
export class OperationsService {
  constructor(
    private readonly db: Db,
    /** Wakes the job worker after a job was put back. */
    private readonly onQueued: () => void,
  ) {}

  async overview(): Promise<Operations> {
    const [today, failed, stuck] = await Promise.all([todayCounts(this.db), failingJobs(this.db), stuckPayments(this.db)]);
    return {
      today,
      failed_jobs: failed.map((j) => ({
        id: j.id,
        kind: j.kind,
        attempts: j.attempts,
        max_attempts: j.maxAttempts,
        failed_at: j.failedAt?.toISOString() ?? null,
        next_try_at: j.failedAt ? null : j.runAt.toISOString(),
        created_at: j.createdAt.toISOString(),
        error: safeJobError(j.lastError),
      })),
      stuck_payments: stuck.map((p) => ({
        id: p.id,
        member_id: p.userId,
        created_at: p.createdAt.toISOString(),
        status: p.status,
        method: p.method,
        provider: p.provider,
        amount: p.amount,
        currency: p.currency,
      })),
      stuck_after_hours: STUCK_PAYMENT_HOURS,
    };
  }

  async retry(operatorId: number, jobId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const kind = await retryJob(tx, jobId);
      if (!kind) throw notFound();
      await recordAudit(tx, { operatorId, action: "jobs.retry", details: { job_id: jobId, kind } });
    });
    this.onQueued();
  }
}
