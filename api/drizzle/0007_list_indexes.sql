-- Hand-written: keyset paging indexes. Every list is read as `WHERE <filter> AND (sort, id)
-- after the cursor's key ORDER BY sort, id LIMIT n + 1`, so each needs an index that starts with
-- its filter and continues with its sort and the id: the page is then a range scan of n + 1
-- entries, however deep it is. The price indexes serve both directions (scanned backwards for
-- price_desc). Product indexes are partial: deleted products are never listed.
ALTER TABLE "products" ADD COLUMN "featured_at" timestamptz;
--> statement-breakpoint
-- The featured list is ordered by when a product was featured; before this column there was
-- no such time, so the products featured today keep their creation order.
UPDATE "products" SET "featured_at" = "created_at" WHERE "is_featured";
--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" ("category_id", "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" ("category_id", "price_cents", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_category_name_idx" ON "products" ("category_id", "name", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" ("created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" ("price_cents", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" ("name", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" ("featured_at" DESC NULLS LAST, "id" DESC) WHERE "is_featured" AND "deleted_at" IS NULL;
--> statement-breakpoint
-- Replaced by the keyset index, which also has the id tie-breaker.
DROP INDEX "orders_user_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_user_newest_idx" ON "orders" ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "purchased_products_user_newest_idx" ON "purchased_products" ("user_id", "created_at" DESC, "id" DESC);
