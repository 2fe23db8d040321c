CREATE TABLE "product_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_previews_position_range" CHECK ("product_previews"."position" between 0 and 7)
);
--> statement-breakpoint
CREATE TABLE "product_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_prior" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"mean" double precision NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_prior_one_row" CHECK ("rating_prior"."id")
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"reply_body" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_previews" ADD CONSTRAINT "product_previews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_slugs" ADD CONSTRAINT "product_slugs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_previews_position_idx" ON "product_previews" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_slugs_product_idx" ON "product_slugs" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_idx" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_newest_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_product_helpful_idx" ON "reviews" USING btree ("product_id","helpful_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_product_rating_idx" ON "reviews" USING btree ("product_id","rating","id") WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_newest_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","rating_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
-- Hand-written from here. A slug is the name's lowercase ASCII words joined by "-" (at most 80
-- characters), or "product-" and the id's first 8 characters when the name has none.
CREATE FUNCTION "product_slug_base"("name" text, "id" uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    nullif(trim(BOTH '-' FROM left(regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g'), 80)), ''),
    'product-' || left("id"::text, 8))
$$;
--> statement-breakpoint
-- Existing products, set-based: the oldest live product of a name keeps the bare slug, the
-- others add their id's first 8 characters.
INSERT INTO "product_slugs" ("slug", "product_id")
SELECT CASE WHEN "rank" = 1 THEN "base" ELSE "base" || '-' || left("id"::text, 8) END, "id"
FROM (
  SELECT "id", product_slug_base("name", "id") AS "base",
    row_number() OVER (PARTITION BY product_slug_base("name", "id")
      ORDER BY "deleted_at" NULLS FIRST, "created_at", "id") AS "rank"
  FROM "products"
) AS "named";
--> statement-breakpoint
UPDATE "products" AS "p" SET "slug" = "s"."slug",
  "updated_at" = greatest("p"."created_at", "p"."file_updated_at")
FROM "product_slugs" AS "s" WHERE "s"."product_id" = "p"."id";
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_slug_unique" UNIQUE("slug");
--> statement-breakpoint
-- Every writer (the api, seeds, bench, a fix by hand) gets the same slugs: a new product, or a
-- rename that changes the words, takes the name's slug, or it with the id's first 8 characters
-- when another product has (or had) it. A rename back to an earlier name takes its slug back.
-- A lock on the slug's bucket makes two writers of one name wait for each other instead of one
-- of them failing on the unique constraint. 256 buckets, not one lock per slug: a transaction
-- holds its advisory locks to the end, and a 50,000-product insert ran out of lock memory.
-- The check reads products too: one statement may write several products of one name (a seed's
-- insert ... select), and their slugs reach product_slugs only at the statement's end.
CREATE FUNCTION "products_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "base" text := product_slug_base(NEW."name", NEW."id");
  "candidate" text;
  "owner" uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND base = product_slug_base(OLD."name", OLD."id") THEN
    NEW."slug" := OLD."slug";
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(1936484723, hashtext(base) & 255);
  FOREACH candidate IN ARRAY ARRAY[base, base || '-' || left(NEW."id"::text, 8),
    base || '-' || replace(NEW."id"::text, '-', '')]
  LOOP
    SELECT "product_id" INTO "owner" FROM "product_slugs" WHERE "slug" = candidate;
    IF NOT FOUND THEN
      SELECT "id" INTO "owner" FROM "products" WHERE "slug" = candidate;
    END IF;
    IF NOT FOUND OR "owner" = NEW."id" THEN
      NEW."slug" := candidate;
      RETURN NEW;
    END IF;
  END LOOP;
  RAISE EXCEPTION 'no free slug for product %', NEW."id";
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "products_slug_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_slugs" ("slug", "product_id") VALUES (NEW."slug", NEW."id")
  ON CONFLICT ("slug") DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_slug" BEFORE INSERT OR UPDATE OF "name", "slug" ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_slug"();
--> statement-breakpoint
CREATE TRIGGER "products_slug_kept_insert" AFTER INSERT ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_slug_kept"();
--> statement-breakpoint
-- Not "UPDATE OF slug": the slug changes in the trigger above, not in the statement's SET list.
CREATE TRIGGER "products_slug_kept_update" AFTER UPDATE ON "products"
FOR EACH ROW WHEN (OLD."slug" IS DISTINCT FROM NEW."slug") EXECUTE FUNCTION "products_slug_kept"();
--> statement-breakpoint
-- Every preview stored so far is its product's whole gallery.
INSERT INTO "product_previews" ("product_id", "position", "image_key")
SELECT "id", 0, "preview_image_key" FROM "products" WHERE "preview_image_key" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "rating_prior" ("mean") VALUES (0);
--> statement-breakpoint
-- The rating summary moves with every write of reviews, in the writer's transaction. Statement
-- level, on transition tables: a bulk insert of reviews is one update per product it touches.
-- Only shown reviews count; the score is the Bayesian average with the store's mean (the
-- `rating_prior` row, refreshed by a job) weighing as 10 reviews.
CREATE FUNCTION "reviews_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "shown_old" text := 'SELECT "product_id", -1 AS "sign", "rating" FROM "old_reviews" WHERE "hidden_at" IS NULL';
  "shown_new" text := 'SELECT "product_id", 1 AS "sign", "rating" FROM "new_reviews" WHERE "hidden_at" IS NULL';
BEGIN
  EXECUTE format($update$
    UPDATE "products" AS "p" SET
      "rating_count" = "p"."rating_count" + "d"."count",
      "rating_sum" = "p"."rating_sum" + "d"."sum",
      "rating_1" = "p"."rating_1" + "d"."r1",
      "rating_2" = "p"."rating_2" + "d"."r2",
      "rating_3" = "p"."rating_3" + "d"."r3",
      "rating_4" = "p"."rating_4" + "d"."r4",
      "rating_5" = "p"."rating_5" + "d"."r5",
      "rating_score" = (10 * (SELECT "mean" FROM "rating_prior") + "p"."rating_sum" + "d"."sum")
        / (10 + "p"."rating_count" + "d"."count")
    FROM (
      SELECT "product_id", sum("sign")::int AS "count", sum("sign" * "rating")::int AS "sum",
        coalesce(sum("sign") FILTER (WHERE "rating" = 1), 0)::int AS "r1",
        coalesce(sum("sign") FILTER (WHERE "rating" = 2), 0)::int AS "r2",
        coalesce(sum("sign") FILTER (WHERE "rating" = 3), 0)::int AS "r3",
        coalesce(sum("sign") FILTER (WHERE "rating" = 4), 0)::int AS "r4",
        coalesce(sum("sign") FILTER (WHERE "rating" = 5), 0)::int AS "r5"
      FROM (%s) AS "change"
      GROUP BY "product_id"
    ) AS "d"
    WHERE "p"."id" = "d"."product_id"
      AND ("d"."count" <> 0 OR "d"."sum" <> 0 OR "d"."r1" <> 0 OR "d"."r2" <> 0
        OR "d"."r3" <> 0 OR "d"."r4" <> 0 OR "d"."r5" <> 0)
    $update$,
    CASE TG_OP
      WHEN 'INSERT' THEN shown_new
      WHEN 'DELETE' THEN shown_old
      ELSE shown_old || ' UNION ALL ' || shown_new
    END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_rating_insert" AFTER INSERT ON "reviews"
REFERENCING NEW TABLE AS "new_reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "reviews_rating"();
--> statement-breakpoint
CREATE TRIGGER "reviews_rating_update" AFTER UPDATE ON "reviews"
REFERENCING OLD TABLE AS "old_reviews" NEW TABLE AS "new_reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "reviews_rating"();
--> statement-breakpoint
CREATE TRIGGER "reviews_rating_delete" AFTER DELETE ON "reviews"
REFERENCING OLD TABLE AS "old_reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "reviews_rating"();
--> statement-breakpoint
-- A new product has no reviews yet, so it scores the prior itself, for every writer, instead of
-- 0 until the rating prior job next runs. The expression is the rating trigger's with no reviews.
CREATE FUNCTION "products_rating_score"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."rating_score" := (10 * coalesce((SELECT "mean" FROM "rating_prior"), 0) + NEW."rating_sum")
    / (10 + NEW."rating_count");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_rating_score" BEFORE INSERT ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_rating_score"();
