-- Names become unique, ignoring case, among current rows. Rows that already share a name keep it on the
-- oldest; each later one gets its id added (`Green Tara Puja (12)`), for an administrator or the
-- monastery to rename. Nothing is archived or lost.
UPDATE "monasteries" m SET "name" = m."name" || ' (' || m."id" || ')'
WHERE m."archived_at" IS NULL AND EXISTS (
  SELECT 1 FROM "monasteries" o
  WHERE o."archived_at" IS NULL AND lower(o."name") = lower(m."name") AND o."id" < m."id");--> statement-breakpoint
UPDATE "pujas" p SET "name" = p."name" || ' (' || p."id" || ')'
WHERE p."archived_at" IS NULL AND p."monastery_id" IS NULL AND EXISTS (
  SELECT 1 FROM "pujas" o
  WHERE o."archived_at" IS NULL AND o."monastery_id" IS NULL AND lower(o."name") = lower(p."name")
    AND o."id" < p."id");--> statement-breakpoint
UPDATE "pujas" p SET "name" = p."name" || ' (' || p."id" || ')'
WHERE p."archived_at" IS NULL AND p."monastery_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "pujas" o
  WHERE o."archived_at" IS NULL AND o."monastery_id" = p."monastery_id" AND lower(o."name") = lower(p."name")
    AND o."id" < p."id");--> statement-breakpoint
CREATE UNIQUE INDEX "monasteries_name_unique" ON "monasteries" USING btree (lower("name")) WHERE "monasteries"."archived_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pujas_catalogue_name_unique" ON "pujas" USING btree (lower("name")) WHERE "pujas"."monastery_id" IS NULL AND "pujas"."archived_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pujas_special_name_unique" ON "pujas" USING btree ("monastery_id",lower("name")) WHERE "pujas"."monastery_id" IS NOT NULL AND "pujas"."archived_at" IS NULL;