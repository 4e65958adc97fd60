/**
 * GET /api/likes.php keeps, per member and app instance, its last answer (JSON in UTF-8) with the
 * stamp it was built for, and sends it again while the stamp is unchanged. Nothing is ever served
 * stale and nothing needs invalidating: every call first reads the stamp from the database (one
 * statement, likes.repo's likesStamp) and builds afresh when it differs.
 *
 * The stamp covers everything the answer is made of: the member's likes both ways (their row
 * versions: a like, an unlike, a like marked seen), each liked or liking member's card as shown
 * (members.repo's cardVersionText: the profile's card_version, which the triggers of migration 0024
 * move with name, age, place, photo and status, which bans, suspensions and leaving set; and the
 * activity as shown at the time), the blocks either way, and, added by the caller, the UTC day (ages)
 * and the viewer's own place (distances).
 */

/** About the most the cache holds per instance, in bytes; least recently used go first. */
export const LIKES_LIST_CACHE_SIZE = 32 * 1024 * 1024;

/** What an entry costs besides its answer (map slot, stamp, object), roughly. */
const ENTRY_OVERHEAD = 256;

interface Kept {
  stamp: string;
  /** Bytes rather than a string: a string would be measured and encoded again on every send. */
  body: Buffer;
}

export class LikesListCache {
  private readonly entries = new Map<number, Kept>();
  private bytes = 0;

  constructor(private readonly maxSize = LIKES_LIST_CACHE_SIZE) {}

  /**
   * The member's answer for the stamp just read: the kept one when it was built for the same stamp,
   * otherwise the one `build` makes (after the stamp was read, so never older than it), kept for the
   * next call.
   */
  async answer(memberId: number, stamp: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.entries.get(memberId);
    if (kept && kept.stamp === stamp) {
      this.entries.delete(memberId);
      this.entries.set(memberId, kept);
      return kept.body;
    }
    const body = await build();
    // Two calls of the same member running at once: the last to finish is kept, under the stamp it
    // read; an older answer under an older stamp is simply built again on the next call.
    this.store(memberId, { stamp, body });
    return body;
  }

  delete(memberId: number): void {
    const old = this.entries.get(memberId);
    if (!old) return;
    this.entries.delete(memberId);
    this.bytes -= sizeOf(old);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes held, as counted for the limit. */
  get heldBytes(): number {
    return this.bytes;
  }

  private store(memberId: number, kept: Kept): void {
    this.delete(memberId);
    if (sizeOf(kept) > this.maxSize) return;
    this.entries.set(memberId, kept);
    this.bytes += sizeOf(kept);
    for (const [id, old] of this.entries) {
      if (this.bytes <= this.maxSize) break;
      this.entries.delete(id);
      this.bytes -= sizeOf(old);
    }
  }
}

const sizeOf = (kept: Kept): number => kept.body.length + kept.stamp.length + ENTRY_OVERHEAD;
