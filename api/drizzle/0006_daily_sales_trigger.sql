-- Hand-written (drizzle-kit generate --custom): drizzle's schema cannot express triggers.
-- daily_sales is kept by a trigger rather than by the completion code so that every writer of
-- orders (checkout, seeds, tests, bench, manual fixes) moves it in its own transaction.

-- Statement-level, on transition tables: a statement's orders become one upsert per day it
-- touches, so a bulk insert of a million completed orders costs 365 upserts, not a million
-- (row-level, a 1,000,000-order seed took 535 s). An update that leaves a day's figures as they
-- were (a status set to what it was, a pending order's session id) cancels out and locks no day.
-- A refund will subtract from its order's day the same way.
CREATE FUNCTION "orders_daily_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Days are upserted in order, so concurrent statements touching several days cannot deadlock.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "daily_sales" AS "d" ("day", "sales", "revenue_cents")
    SELECT ("completed_at" AT TIME ZONE 'UTC')::date, count(*), sum("total_cents")
    FROM "new_orders" WHERE "status" = 'completed'
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET
      "sales" = "d"."sales" + excluded."sales",
      "revenue_cents" = "d"."revenue_cents" + excluded."revenue_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "daily_sales" AS "d" ("day", "sales", "revenue_cents")
    SELECT ("completed_at" AT TIME ZONE 'UTC')::date, -count(*), -sum("total_cents")
    FROM "old_orders" WHERE "status" = 'completed'
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET
      "sales" = "d"."sales" + excluded."sales",
      "revenue_cents" = "d"."revenue_cents" + excluded."revenue_cents";
  ELSE
    INSERT INTO "daily_sales" AS "d" ("day", "sales", "revenue_cents")
    SELECT "day", sum("sales"), sum("revenue_cents") FROM (
      SELECT ("completed_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "sales",
        -"total_cents"::bigint AS "revenue_cents"
      FROM "old_orders" WHERE "status" = 'completed'
      UNION ALL
      SELECT ("completed_at" AT TIME ZONE 'UTC')::date, 1, "total_cents"::bigint
      FROM "new_orders" WHERE "status" = 'completed'
    ) AS "change"
    GROUP BY 1 HAVING sum("sales") <> 0 OR sum("revenue_cents") <> 0 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET
      "sales" = "d"."sales" + excluded."sales",
      "revenue_cents" = "d"."revenue_cents" + excluded."revenue_cents";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_daily_sales_insert" AFTER INSERT ON "orders"
REFERENCING NEW TABLE AS "new_orders"
FOR EACH STATEMENT EXECUTE FUNCTION "orders_daily_sales"();
--> statement-breakpoint
-- No column list: PostgreSQL refuses one on a trigger with transition tables.
CREATE TRIGGER "orders_daily_sales_update" AFTER UPDATE ON "orders"
REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders"
FOR EACH STATEMENT EXECUTE FUNCTION "orders_daily_sales"();
--> statement-breakpoint
CREATE TRIGGER "orders_daily_sales_delete" AFTER DELETE ON "orders"
REFERENCING OLD TABLE AS "old_orders"
FOR EACH STATEMENT EXECUTE FUNCTION "orders_daily_sales"();
--> statement-breakpoint
CREATE FUNCTION "orders_daily_sales_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "daily_sales";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE fires no DELETE trigger.
CREATE TRIGGER "orders_daily_sales_truncate" AFTER TRUNCATE ON "orders"
FOR EACH STATEMENT EXECUTE FUNCTION "orders_daily_sales_truncate"();
--> statement-breakpoint
-- After the triggers: CREATE TRIGGER holds a lock on orders that blocks every writer until the
-- migration commits, so no order can change between this count and the triggers taking over.
INSERT INTO "daily_sales" ("day", "sales", "revenue_cents")
SELECT ("completed_at" AT TIME ZONE 'UTC')::date, count(*), sum("total_cents")
FROM "orders"
WHERE "status" = 'completed'
GROUP BY 1;
