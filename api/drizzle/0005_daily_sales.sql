CREATE TABLE "daily_sales" (
	"day" date PRIMARY KEY NOT NULL,
	"sales" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_completed_dated" CHECK ("orders"."status" <> 'completed' or "orders"."completed_at" is not null);