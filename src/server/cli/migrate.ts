// `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';

const config = loadConfig();
const db = await openDatabase(config);
let code = 0;
try {
  const applied = await migrate(db.sql);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await db.close();
}
// Exit with the command's code even if a stray handle would keep the event loop alive.
process.exit(code);
