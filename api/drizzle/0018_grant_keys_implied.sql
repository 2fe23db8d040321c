-- A grant's order and buyer are its line's: the line's key (order_item_id, cascading from its
-- order) holds both. Their own keys checked two more rows for every grant a completion wrote.
ALTER TABLE "purchase_grants" DROP CONSTRAINT "purchase_grants_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "purchase_grants" DROP CONSTRAINT "purchase_grants_user_id_users_id_fk";
