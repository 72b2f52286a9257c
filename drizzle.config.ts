import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // schema.ts holds the tables of the first areas; each later area keeps its tables in tables/<area>.ts.
  schema: ['./src/adapters/postgres/schema.ts', './src/adapters/postgres/tables/*.ts'],
  out: './drizzle',
});
