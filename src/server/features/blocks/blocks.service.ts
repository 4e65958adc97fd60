import { and, eq, or } from "drizzle-orm";
import type { MemberCard } from "../../../common/schemas/user";
import type { Db } from "../../db/client";
import { likes } from "../../db/schema";
import { AppError } from "../../errors";
import type { MembersService } from "../members/members.service";
import { addBlock, blocksMadeBy, findVisibleProfile, removeBlock, type Viewer } from "../members/access";

/** A block and what goes with it (the likes between the two are gone), in the caller's transaction. */
export async function blockIn(tx: Db, blockerId: number, blockedId: number): Promise<void> {
  await addBlock(tx, blockerId, blockedId);
  await tx
    .delete(likes)
    .where(or(and(eq(likes.likerId, blockerId), eq(likes.likedId, blockedId)), and(eq(likes.likerId, blockedId), eq(likes.likedId, blockerId))));
}

/** Blocking: blocked members no longer see or contact each other, and their likes are gone. */
export class BlocksService {
  constructor(
    private readonly db: Db,
    private readonly members: MembersService,
    /** After a block: what must stop between the two at once (a live call). */
    private readonly onBlocked: (blocker: number, blocked: number) => Promise<void> = async () => {},
  ) {}

  async block(viewer: Viewer & { id: number }, target: number): Promise<void> {
    if (target === viewer.id) throw new AppError(400, "cannot_block_self");
    // A member who blocked you can still be blocked back: only an unknown member is refused.
    await findVisibleProfile(this.db, viewer, target).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === "blocked_by")) throw err;
    });
    await this.db.transaction((tx) => blockIn(tx, viewer.id, target));
    await this.onBlocked(viewer.id, target);
  }

  async unblock(memberId: number, target: number): Promise<void> {
    await removeBlock(this.db, memberId, target);
  }

  /** Members the member has blocked, newest first. */
  async list(memberId: number): Promise<MemberCard[]> {
    const rows = await blocksMadeBy(this.db, memberId);
    const cards = await this.members.cards(
      rows.map((r) => r.member_id),
      null,
      true,
    );
    return rows.flatMap((r) => cards.get(r.member_id) ?? []);
  }
}
