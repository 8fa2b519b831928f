ALTER TABLE "monasteries" ADD COLUMN "name_ne" text;--> statement-breakpoint
ALTER TABLE "monasteries" ADD COLUMN "name_zh_hant" text;--> statement-breakpoint
ALTER TABLE "monasteries" ADD COLUMN "description_ne" text;--> statement-breakpoint
ALTER TABLE "monasteries" ADD COLUMN "description_zh_hant" text;--> statement-breakpoint
ALTER TABLE "pujas" ADD COLUMN "name_ne" text;--> statement-breakpoint
ALTER TABLE "pujas" ADD COLUMN "name_zh_hant" text;--> statement-breakpoint
ALTER TABLE "pujas" ADD COLUMN "description_ne" text;--> statement-breakpoint
ALTER TABLE "pujas" ADD COLUMN "description_zh_hant" text;--> statement-breakpoint
ALTER TABLE "monastery_page_proposals" ADD COLUMN "description_ne" text;--> statement-breakpoint
ALTER TABLE "monastery_page_proposals" ADD COLUMN "description_zh_hant" text;--> statement-breakpoint
ALTER TABLE "monasteries" ADD CONSTRAINT "monasteries_translations_not_blank" CHECK (("monasteries"."name_ne" IS NULL OR btrim("monasteries"."name_ne") <> '') AND ("monasteries"."name_zh_hant" IS NULL OR btrim("monasteries"."name_zh_hant") <> '') AND ("monasteries"."description_ne" IS NULL OR btrim("monasteries"."description_ne") <> '') AND ("monasteries"."description_zh_hant" IS NULL OR btrim("monasteries"."description_zh_hant") <> ''));--> statement-breakpoint
ALTER TABLE "pujas" ADD CONSTRAINT "pujas_translations_not_blank" CHECK (("pujas"."name_ne" IS NULL OR btrim("pujas"."name_ne") <> '') AND ("pujas"."name_zh_hant" IS NULL OR btrim("pujas"."name_zh_hant") <> '') AND ("pujas"."description_ne" IS NULL OR btrim("pujas"."description_ne") <> '') AND ("pujas"."description_zh_hant" IS NULL OR btrim("pujas"."description_zh_hant") <> ''));--> statement-breakpoint
ALTER TABLE "monastery_page_proposals" ADD CONSTRAINT "monastery_page_proposals_translations_not_blank" CHECK (("monastery_page_proposals"."description_ne" IS NULL OR btrim("monastery_page_proposals"."description_ne") <> '') AND ("monastery_page_proposals"."description_zh_hant" IS NULL OR btrim("monastery_page_proposals"."description_zh_hant") <> ''));