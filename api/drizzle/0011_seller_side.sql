CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_refund_id" text,
	"revoked_coupon_id" uuid,
	"restored_coupon_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
CREATE TABLE "product_files" (
	"product_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"asset_key" text NOT NULL,
	"content_type" text,
	"file_name" text,
	"file_size" bigint,
	"release_note" text,
	"fan_out_after" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_files_product_id_version_pk" PRIMARY KEY("product_id","version")
);
--> statement-breakpoint
CREATE TABLE "purchase_grants" (
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"downloads" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_grants_order_id_product_id_pk" PRIMARY KEY("order_id","product_id")
);
--> statement-breakpoint
DROP INDEX "coupons_one_active_per_user";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "file_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchased_products" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "update_mails_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_grants" ADD CONSTRAINT "purchase_grants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_grants" ADD CONSTRAINT "purchase_grants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_grants" ADD CONSTRAINT "purchase_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchase_grants_user_product_idx" ON "purchase_grants" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "orders_newest_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchased_products_product_idx" ON "purchased_products" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_one_active_per_user" ON "coupons" USING btree ("user_id") WHERE "coupons"."consumed_at" is null and "coupons"."replaced_at" is null and "coupons"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_intent_id_unique" UNIQUE("payment_intent_id");--> statement-breakpoint
-- Hand-written from here. What completed orders granted so far, one grant per order line, so a
-- refund of an earlier order takes back exactly its part (one set-based statement).
INSERT INTO "purchase_grants" ("order_id", "product_id", "user_id", "downloads", "created_at")
SELECT o."id", oi."product_id", o."user_id", p."max_downloads" * oi."quantity", o."completed_at"
FROM "orders" o
JOIN "order_items" oi ON oi."order_id" = o."id"
JOIN "products" p ON p."id" = oi."product_id"
WHERE o."status" = 'completed';
--> statement-breakpoint
-- The file a product has now is its first version.
INSERT INTO "product_files" ("product_id", "version", "asset_key", "content_type", "file_name", "file_size", "created_at")
SELECT "id", 1, "asset_key", "asset_content_type", "file_name", "file_size", "created_at"
FROM "products"
WHERE "asset_key" IS NOT NULL;
