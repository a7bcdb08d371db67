const { openPglite } = await import('./server/db/pglite.ts');
const { migrate } = await import('./server/db/migrate.ts');
const t1 = Date.now();
const db = await openPglite('/tmp/startdata2/pglite');
const t2 = Date.now();
await migrate(db);
const t3 = Date.now();
console.log({ open: t2 - t1, migrate: t3 - t2 });
await db.close();
