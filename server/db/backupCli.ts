// npm run backup [-- file] and npm run restore -- file: the database the configuration names
// (DATABASE_URL, else the embedded one in DATA_DIR), backed up or replaced. docs/deployment.md.
import { ConfigError, loadConfig } from '../config.ts';
import {
  backupPglite,
  backupPostgres,
  BackupError,
  defaultBackupFile,
  restorePglite,
  restorePostgres,
} from './backup.ts';
import { DataDirLockedError } from './dataDirLock.ts';
import { openDatabase } from './open.ts';

async function main(): Promise<void> {
  const [command, fileArgument] = process.argv.slice(2);
  const config = loadConfig();
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (command === 'backup') {
    const file = fileArgument ?? defaultBackupFile(kind);
    if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
    else await backupPglite(config.dataDir, file);
    console.log(
      `Backed up the ${kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database to ${file}`,
    );
  } else if (command === 'restore') {
    if (!fileArgument)
      throw new BackupError('Name the backup to restore: npm run restore -- <file>');
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, fileArgument);
    else {
      const kept = await restorePglite(config.dataDir, fileArgument);
      if (kept) console.log(`The database it replaced is kept in ${kept}`);
    }
    // A backup from an older portal gets this version's migrations now, not at the next start.
    const db = await openDatabase(config);
    await db.close();
    console.log(`Restored ${fileArgument}`);
  } else {
    throw new BackupError('Usage: npm run backup [-- <file>] | npm run restore -- <file>');
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
