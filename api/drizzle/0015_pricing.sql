-- Pricing a seller controls: sales (`price_cents` is what is charged now; while a sale runs
-- `regular_price_cents` holds the price before it, so sorts, filters and their indexes need no
-- change), pay what you want (`pricing`, the minimum in `price_cents`, a suggested price, the
-- buyer's own price on the cart line), bundles (`bundle_items`), and refunds of some of an
-- order's lines (`refunded_quantity` and `refunded_cents` per line and per order, status
-- `partially_refunded`).
CREATE TABLE "bundle_items" (
	"bundle_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_item_id_pk" PRIMARY KEY("bundle_id","item_id"),
	CONSTRAINT "bundle_items_not_itself" CHECK ("bundle_items"."bundle_id" <> "bundle_items"."item_id")
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_price_positive";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "custom_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "regular_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pricing" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suggested_price_cents" integer;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_item_id_products_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_items_item_idx" ON "bundle_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "products_sale_ends_idx" ON "products" USING btree ("sale_ends_at") WHERE "products"."sale_ends_at" is not null;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_custom_price" CHECK ("cart_items"."custom_price_cents" is null or "cart_items"."custom_price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_quantity" CHECK ("order_items"."refunded_quantity" between 0 and "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_cents" CHECK ("order_items"."refunded_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_range" CHECK ("orders"."refunded_cents" between 0 and "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pricing" CHECK ("products"."pricing" in ('fixed', 'pay_what_you_want'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale" CHECK ("products"."regular_price_cents" is null or ("products"."regular_price_cents" > "products"."price_cents" and "products"."pricing" = 'fixed'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_end" CHECK ("products"."sale_ends_at" is null or "products"."regular_price_cents" is not null);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_suggested_price" CHECK ("products"."suggested_price_cents" is null or ("products"."pricing" = 'pay_what_you_want' and "products"."suggested_price_cents" >= "products"."price_cents"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_positive" CHECK ("products"."price_cents" > 0 or ("products"."pricing" = 'pay_what_you_want' and "products"."price_cents" >= 0));--> statement-breakpoint
-- Hand-written from here on (drizzle's schema cannot express triggers).
-- Grants per order line, not per order: a bundle grants its items beside itself, so one order
-- may grant a product through two lines (the bundle and the item bought alone, or two bundles
-- sharing an item), and a line refund takes back exactly what that line's units granted.
ALTER TABLE "purchase_grants" ADD COLUMN "order_item_id" uuid;--> statement-breakpoint
-- Until now every grant came from the order's one line of its product.
UPDATE "purchase_grants" AS "g" SET "order_item_id" = "oi"."id"
FROM "order_items" AS "oi"
WHERE "oi"."order_id" = "g"."order_id" AND "oi"."product_id" = "g"."product_id";--> statement-breakpoint
ALTER TABLE "purchase_grants" ALTER COLUMN "order_item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_grants" ADD CONSTRAINT "purchase_grants_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_grants" DROP CONSTRAINT "purchase_grants_order_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "purchase_grants" ADD CONSTRAINT "purchase_grants_order_item_id_product_id_pk" PRIMARY KEY("order_item_id","product_id");--> statement-breakpoint
-- A refund takes back its order's grants, and reviews look them up by order.
CREATE INDEX "purchase_grants_order_idx" ON "purchase_grants" USING btree ("order_id");--> statement-breakpoint
-- Revenue per product and per code over a range of completion days.
CREATE INDEX "orders_sold_at_idx" ON "orders" USING btree ("completed_at") WHERE "orders"."status" in ('completed', 'partially_refunded');--> statement-breakpoint
-- daily_sales counts partially refunded orders too, net of what their line refunds gave back:
-- a line refund moves `refunded_cents` (and maybe the status), and the difference comes off the
-- day the order was completed. No partially refunded order exists yet, so the rows stay exact.
CREATE OR REPLACE FUNCTION "orders_daily_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Days are upserted in order, so concurrent statements touching several days cannot deadlock.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "daily_sales" AS "d" ("day", "sales", "revenue_cents")
    SELECT ("completed_at" AT TIME ZONE 'UTC')::date, count(*),
      sum("total_cents" - "refunded_cents")
    FROM "new_orders" WHERE "status" IN ('completed', 'partially_refunded')
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET
      "sales" = "d"."sales" + excluded."sales",
      "revenue_cents" = "d"."revenue_cents" + excluded."revenue_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "daily_sales" AS "d" ("day", "sales", "revenue_cents")
    SELECT ("completed_at" AT TIME ZONE 'UTC')::date, -count(*),
      -sum("total_cents" - "refunded_cents")
    FROM "old_orders" WHERE "status" IN ('completed', 'partially_refunded')
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET
      "sales" = "d"."sales" + excluded."sales",
      "revenue_cents" = "d"."revenue_cents" + excluded."revenue_cents";
  ELSE
    INSERT INTO "daily_sales" AS "d" ("day", "sales", "revenue_cents")
    SELECT "day", sum("sales"), sum("revenue_cents") FROM (
      SELECT ("completed_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "sales",
        -("total_cents" - "refunded_cents")::bigint AS "revenue_cents"
      FROM "old_orders" WHERE "status" IN ('completed', 'partially_refunded')
      UNION ALL
      SELECT ("completed_at" AT TIME ZONE 'UTC')::date, 1,
        ("total_cents" - "refunded_cents")::bigint
      FROM "new_orders" WHERE "status" IN ('completed', 'partially_refunded')
    ) AS "change"
    GROUP BY 1 HAVING sum("sales") <> 0 OR sum("revenue_cents") <> 0 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET
      "sales" = "d"."sales" + excluded."sales",
      "revenue_cents" = "d"."revenue_cents" + excluded."revenue_cents";
  END IF;
  RETURN NULL;
END;
$$;
