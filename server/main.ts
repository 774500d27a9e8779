import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseBusyError, migrateDatabase, openDatabase } from './db/client.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Reads configuration, opens and migrates the database, serves the app; stops cleanly on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = { ...loadConfig(), webDir: join(root, 'dist', 'web') };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  } catch (err) {
    console.error(err instanceof DatabaseBusyError ? err.message : `Could not open the database: ${(err as Error).message}`);
    process.exit(1);
  }
  await migrateDatabase(database);
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 9_000);
    force.unref();
    // app.close() closes the connections idle at that moment; one busy then stays open after its answer until
    // keepAliveTimeout (5 s) unless it is closed as soon as it goes idle
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.brandName} is running on http://localhost:${config.port} (${database.kind} database)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
