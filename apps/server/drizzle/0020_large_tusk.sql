ALTER TABLE "source_files" DROP CONSTRAINT "source_files_pkey";--> statement-breakpoint
ALTER TABLE "source_files" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "source_files" ADD CONSTRAINT "source_files_source_id_part_pk" PRIMARY KEY("source_id","part");
