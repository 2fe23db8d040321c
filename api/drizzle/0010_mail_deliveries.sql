CREATE TABLE "mail_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_deliveries_delivered_at_idx" ON "mail_deliveries" USING btree ("delivered_at");