-- Hand-written: product search (GET /api/search, services/search.ts). Triggers keep every piece
-- in the writer's own transaction, so a created, edited or deleted product is searched as it
-- is the moment it commits, whoever wrote it (the api, seeds, bench, a fix by hand).
-- `search_vector` is deliberately not in the drizzle schema: no read selects it and drizzle
-- never writes it, so drizzle-kit leaves it alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The searched document: the name above the category and asset type names, above the
-- description (ts_rank weighs A 1.0, B 0.4, C 0.2). A generated column cannot read the
-- category and asset type, hence a function the trigger calls.
CREATE FUNCTION "product_search_document"(
  "title" text, "body" text, "category" uuid, "asset_type" uuid
) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', "title"), 'A')
    || setweight(to_tsvector('english',
      coalesce((SELECT "display_name" FROM "categories" WHERE "id" = "category"), '') || ' ' ||
      coalesce((SELECT "display_name" FROM "asset_types" WHERE "id" = "asset_type"), '')), 'B')
    || setweight(to_tsvector('english', "body"), 'C')
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector;
--> statement-breakpoint
CREATE FUNCTION "products_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := product_search_document(
    NEW."name", NEW."description", NEW."category_id", NEW."asset_type_id");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_vector" BEFORE INSERT OR UPDATE OF "name", "description",
  "category_id", "asset_type_id" ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_search_vector"();
--> statement-breakpoint
-- The trigger holds the table's lock from here to the commit: no product is written between
-- this backfill and the trigger taking over.
UPDATE "products" SET "search_vector" = product_search_document(
  "name", "description", "category_id", "asset_type_id");
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_vector" SET NOT NULL;
--> statement-breakpoint
-- Deleted products are never searched, so they stay out of the search indexes. No fast
-- update: products are written rarely and searched often, and GIN's pending list of recent
-- entries is read by every search until a vacuum merges it (up to 4 MB after a bulk insert,
-- 4 ms a search at 100,000 products); writes go to the index itself instead (a 100,000-row
-- insert takes about twice as long).
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector")
WITH (fastupdate = off) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Substring and similarity matches on names: the admin list's name filter (ILIKE '%q%').
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops)
WITH (fastupdate = off) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- A search for a product's exact name (any case) shows it first.
CREATE INDEX "products_name_lower_idx" ON "products" (lower("name")) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Typo tolerance: the words products are written with. A search word that is not one of them
-- is matched to the most similar ones by trigrams (a table of a few thousand words, not a
-- similarity scan of every product name), and the search also looks for those. Words only
-- come and never go: a word whose products were all deleted corrects to nothing found.
CREATE TABLE "search_words" ("word" text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The whole alphabetic words of three letters or more of the searched document, lower-cased
-- and unstemmed (the 'simple' configuration): a correction is searched as if it was typed.
CREATE FUNCTION "product_search_words"(
  "title" text, "body" text, "category" uuid, "asset_type" uuid
) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT "w"."word"
  FROM unnest(tsvector_to_array(to_tsvector('simple', "title" || ' ' || "body" || ' ' ||
    coalesce((SELECT "display_name" FROM "categories" WHERE "id" = "category"), '') || ' ' ||
    coalesce((SELECT "display_name" FROM "asset_types" WHERE "id" = "asset_type"), ''))))
    AS "w"("word")
  WHERE "w"."word" ~ '^[[:alpha:]]{3,}$'
$$;
--> statement-breakpoint
-- Statement-level, on transition tables: a bulk insert adds its words in one statement. Words
-- are added in order, so two writers adding the same new words cannot deadlock. An UPDATE
-- that changes none of the text (a soft delete, featuring) adds nothing.
CREATE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "search_words" ("word")
    SELECT DISTINCT "w"
    FROM "new_products" AS "n",
      product_search_words("n"."name", "n"."description", "n"."category_id", "n"."asset_type_id")
      AS "w"
    ORDER BY 1
    ON CONFLICT ("word") DO NOTHING;
  ELSE
    INSERT INTO "search_words" ("word")
    SELECT DISTINCT "w"
    FROM "new_products" AS "n"
    JOIN "old_products" AS "o" ON "o"."id" = "n"."id",
      product_search_words("n"."name", "n"."description", "n"."category_id", "n"."asset_type_id")
      AS "w"
    WHERE ("o"."name", "o"."description", "o"."category_id", "o"."asset_type_id")
      IS DISTINCT FROM ("n"."name", "n"."description", "n"."category_id", "n"."asset_type_id")
    ORDER BY 1
    ON CONFLICT ("word") DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS "new_products"
FOR EACH STATEMENT EXECUTE FUNCTION "products_search_words"();
--> statement-breakpoint
-- No column list: PostgreSQL refuses one on a trigger with transition tables.
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS "old_products" NEW TABLE AS "new_products"
FOR EACH STATEMENT EXECUTE FUNCTION "products_search_words"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT "w"
FROM "products" AS "p",
  product_search_words("p"."name", "p"."description", "p"."category_id", "p"."asset_type_id")
  AS "w"
ORDER BY 1
ON CONFLICT ("word") DO NOTHING;
--> statement-breakpoint
-- Category and asset type names are part of the document: renaming one re-indexes its
-- products and adds the new name's words.
CREATE FUNCTION "products_search_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    UPDATE "products" SET "search_vector" = product_search_document(
      "name", "description", "category_id", "asset_type_id")
    WHERE "category_id" = NEW."id";
    INSERT INTO "search_words" ("word")
    SELECT DISTINCT "w" FROM product_search_words('', '', NEW."id", NULL) AS "w" ORDER BY 1
    ON CONFLICT ("word") DO NOTHING;
  ELSE
    UPDATE "products" SET "search_vector" = product_search_document(
      "name", "description", "category_id", "asset_type_id")
    WHERE "asset_type_id" = NEW."id";
    INSERT INTO "search_words" ("word")
    SELECT DISTINCT "w" FROM product_search_words('', '', NULL, NEW."id") AS "w" ORDER BY 1
    ON CONFLICT ("word") DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_search_refresh" AFTER UPDATE OF "display_name" ON "categories"
FOR EACH ROW WHEN (OLD."display_name" IS DISTINCT FROM NEW."display_name")
EXECUTE FUNCTION "products_search_refresh"();
--> statement-breakpoint
CREATE TRIGGER "asset_types_search_refresh" AFTER UPDATE OF "display_name" ON "asset_types"
FOR EACH ROW WHEN (OLD."display_name" IS DISTINCT FROM NEW."display_name")
EXECUTE FUNCTION "products_search_refresh"();
