import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { AUDIT_PAGE_SIZE } from "../../../common/constants";
import type { AuditAction, AuditEntry, AuditPage, AuditQuery } from "../../../common/schemas/console";
import type { Db } from "../../db/client";
import { auditLog, operators } from "../../db/schema";

export interface AuditRecord {
  operatorId: number;
  action: AuditAction;
  memberId?: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** Writes the trail of an operator action: pass the action's transaction, so that both commit or neither. */
export async function recordAudit(tx: Db, record: AuditRecord): Promise<number> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      operatorId: record.operatorId,
      action: record.action,
      memberId: record.memberId ?? null,
      reason: record.reason ?? null,
      details: record.details ?? {},
    })
    .returning({ id: auditLog.id });
  return row.id;
}

const nextDay = (day: string) => sql`(${day}::date + 1)::timestamptz`;

/** The log newest first, filtered by operator, action, member and days (UTC), a page at a time. */
export async function listAudit(db: Db, query: AuditQuery, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  const where: SQL[] = [];
  if (query.operator_id) where.push(eq(auditLog.operatorId, query.operator_id));
  if (query.member_id) where.push(eq(auditLog.memberId, query.member_id));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.from) where.push(gte(auditLog.at, sql`${query.from}::date::timestamptz`));
  if (query.to) where.push(lt(auditLog.at, nextDay(query.to)));
  if (query.before) where.push(lt(auditLog.id, query.before));
  const rows = await db
    .select({ entry: auditLog, email: operators.email })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(pageSize + 1);
  const entries = rows.slice(0, pageSize).map(({ entry, email }) => auditEntryDto(entry, email));
  return { entries, next: rows.length > pageSize ? entries[entries.length - 1].id : null };
}

export function auditEntryDto(entry: typeof auditLog.$inferSelect, operatorEmail: string): AuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    operator: { id: entry.operatorId, email: operatorEmail },
    action: entry.action,
    member_id: entry.memberId,
    reason: entry.reason,
    details: entry.details,
  };
}
