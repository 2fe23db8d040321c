CREATE TABLE "license_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"fingerprint_hash" "bytea" NOT NULL,
	"name" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"unit" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lookup_hash" "bytea",
	"sealed_key" "bytea",
	"key_hint" text,
	"activation_limit" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_keys_lookup_hash_unique" UNIQUE("lookup_hash"),
	CONSTRAINT "license_keys_unit_positive" CHECK ("license_keys"."unit" >= 1),
	CONSTRAINT "license_keys_activation_limit" CHECK ("license_keys"."activation_limit" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "licensed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "activation_limit" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "license_days" integer;--> statement-breakpoint
ALTER TABLE "license_activations" ADD CONSTRAINT "license_activations_license_id_license_keys_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."license_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_activations_fingerprint_idx" ON "license_activations" USING btree ("license_id","fingerprint_hash");--> statement-breakpoint
CREATE INDEX "license_activations_last_seen_idx" ON "license_activations" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "license_keys_unit_idx" ON "license_keys" USING btree ("order_item_id","product_id","unit");--> statement-breakpoint
CREATE INDEX "license_keys_user_idx" ON "license_keys" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "license_keys_order_idx" ON "license_keys" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "license_keys_unsealed_idx" ON "license_keys" USING btree ("created_at") WHERE "license_keys"."lookup_hash" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_activation_limit" CHECK ("products"."activation_limit" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_license_days" CHECK ("products"."license_days" is null or "products"."license_days" between 1 and 36500);