-- Checkout has only inserted an order with a seller's code under the buyer's row lock, after
-- finding none of theirs open with it: no customer holds a code twice, and the index keeps it so.
CREATE UNIQUE INDEX "orders_one_pending_per_customer_code" ON "orders" USING btree ("discount_code_id","user_id") WHERE "orders"."status" = 'pending' and "orders"."discount_code_id" is not null;