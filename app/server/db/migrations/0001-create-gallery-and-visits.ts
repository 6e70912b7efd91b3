import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: never edit after release; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("category")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  // Names are unique regardless of case, so "Kitchens" and "kitchens" cannot both exist.
  await db.schema.createIndex("category_name_unique").on("category").unique().expression(sql`lower("name")`).execute();

  await db.schema
    .createTable("image")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("categoryId", "integer", (col) => col.notNull().references("category.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("caption", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("placeholder", "text")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("processing"))
    .addColumn("variants", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("image_category_name_unique").on("image").columns(["categoryId", "name"]).unique().execute();

  await db.schema
    .createTable("visitCounter")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto("visitCounter").values({ id: 1, count: 0 }).execute();

  await db.schema
    .createTable("visitDay")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("visitDay").execute();
  await db.schema.dropTable("visitCounter").execute();
  await db.schema.dropTable("image").execute();
  await db.schema.dropTable("category").execute();
}
