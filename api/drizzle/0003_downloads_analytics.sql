CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchased_product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fetch_count" integer DEFAULT 0 NOT NULL,
	"last_fetched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "purchased_products" ADD COLUMN "last_download_id" uuid;--> statement-breakpoint
ALTER TABLE "purchased_products" ADD COLUMN "last_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_purchased_product_id_purchased_products_id_fk" FOREIGN KEY ("purchased_product_id") REFERENCES "public"."purchased_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_purchased_product_idx" ON "downloads" USING btree ("purchased_product_id");--> statement-breakpoint
CREATE INDEX "downloads_product_issued_idx" ON "downloads" USING btree ("product_id","issued_at");--> statement-breakpoint
CREATE INDEX "orders_completed_at_idx" ON "orders" USING btree ("completed_at") WHERE "orders"."status" = 'completed';