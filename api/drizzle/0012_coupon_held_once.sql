-- Before this rule one coupon could sit on several pending orders: the newest keeps it, the
-- older ones keep its code (coupon_code) without holding it, so the index can be built.
UPDATE "orders" SET "coupon_id" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "coupon_id" ORDER BY "created_at" DESC, "id" DESC) AS "rank"
    FROM "orders" WHERE "status" = 'pending' AND "coupon_id" IS NOT NULL
  ) AS "held" WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_coupon" ON "orders" USING btree ("coupon_id") WHERE "orders"."status" = 'pending';
