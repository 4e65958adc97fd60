ALTER TABLE "payments" ADD COLUMN "discount_claim" text;--> statement-breakpoint
-- Paid orders of before keep their codes used: the first paid order of each claim holds it (keys as in features/discounts/discountClaim.ts).
UPDATE "payments" SET "discount_claim" = c.claim
FROM (
  SELECT DISTINCT ON (k.site_id, k.claim) k.id, k.claim
  FROM (
    SELECT p.id, p.site_id, p.credited_at,
      CASE
        WHEN p.discount_code IN ('TIMEBONUS25', 'WELCOME25') THEN 'first:' || p.user_id
        WHEN d.validity = 'once' THEN 'once:' || d.code
        WHEN d.validity = 'once-per-user' THEN 'member:' || p.user_id || ':' || d.code
      END AS claim
    FROM "payments" p
    LEFT JOIN "discount_codes" d ON d.site_id = p.site_id AND d.code = p.discount_code
    WHERE p.discount_code IS NOT NULL AND p.credited_at IS NOT NULL
  ) k
  WHERE k.claim IS NOT NULL
  ORDER BY k.site_id, k.claim, k.credited_at
) c
WHERE "payments".id = c.id;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_discount_claim_key" ON "payments" USING btree ("site_id","discount_claim");
