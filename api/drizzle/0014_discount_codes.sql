-- Discount codes a seller runs (percent or amount, scoped, dated, limited), the code an order
-- used, and each order line's share of its order's discount. The shares of the orders already
-- placed are spread here as checkout spreads them (pricing/quote.ts): in proportion to the
-- lines' amounts, the cents left over going to the largest remainders.
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"product_ids" uuid[],
	"category_ids" uuid[],
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer DEFAULT 1,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "discount_codes_value" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."percent_off" between 1 and 100 and "discount_codes"."amount_off_cents" is null)
        or ("discount_codes"."kind" = 'amount' and "discount_codes"."amount_off_cents" > 0 and "discount_codes"."percent_off" is null)),
	CONSTRAINT "discount_codes_min_subtotal" CHECK ("discount_codes"."min_subtotal_cents" >= 0),
	CONSTRAINT "discount_codes_dates" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."ends_at" is null or "discount_codes"."ends_at" > "discount_codes"."starts_at"),
	CONSTRAINT "discount_codes_max_uses" CHECK ("discount_codes"."max_uses" is null or "discount_codes"."max_uses" >= 1),
	CONSTRAINT "discount_codes_max_uses_per_customer" CHECK ("discount_codes"."max_uses_per_customer" is null or "discount_codes"."max_uses_per_customer" >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("code") WHERE "discount_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "discount_codes_code_prefix_idx" ON "discount_codes" USING btree ("code" text_pattern_ops) WHERE "discount_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "discount_codes_newest_idx" ON "discount_codes" USING btree ("created_at" DESC, "id" DESC) WHERE "discount_codes"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("discount_code_id","user_id") WHERE "orders"."discount_code_id" is not null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_range" CHECK ("order_items"."discount_cents" between 0 and "order_items"."unit_price_cents" * "order_items"."quantity");--> statement-breakpoint
WITH "shares" AS (
  SELECT "oi"."id", "oi"."order_id", "o"."discount_cents",
    floor(("oi"."unit_price_cents" * "oi"."quantity")::numeric * "o"."discount_cents" / "o"."subtotal_cents") AS "base",
    (("oi"."unit_price_cents" * "oi"."quantity")::numeric * "o"."discount_cents") % "o"."subtotal_cents" AS "remainder"
  FROM "order_items" "oi" JOIN "orders" "o" ON "o"."id" = "oi"."order_id"
  WHERE "o"."discount_cents" > 0 AND "o"."subtotal_cents" > 0
), "ranked" AS (
  SELECT "id", "base",
    "discount_cents" - sum("base") OVER (PARTITION BY "order_id") AS "left_over",
    row_number() OVER (PARTITION BY "order_id" ORDER BY "remainder" DESC, "id") AS "rank"
  FROM "shares"
)
UPDATE "order_items" SET "discount_cents" = "ranked"."base" + CASE WHEN "ranked"."rank" <= "ranked"."left_over" THEN 1 ELSE 0 END
FROM "ranked" WHERE "order_items"."id" = "ranked"."id";
