// `npm start`: the server on PORT/HOST with the database from the environment.
import { buildApp } from './app.js';
import { configFromEnv } from './config.js';

/** SIGTERM or SIGINT to exit: listeners closed, journal flushed, database closed, or exit(1) after this. */
const SHUTDOWN_DEADLINE_MS = 4_000;

async function start(): Promise<void> {
  const config = configFromEnv();
  const app = await buildApp({ config });
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: flushing pending writes');
    // Supervisors (systemd, Docker, Kubernetes) wait 5-10 s before SIGKILL. The journal keeps
    // whatever a cut-short close did not copy, and the next start takes it up.
    const force = setTimeout(() => {
      app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long: exiting anyway');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    ``,
    `  Argus is running: open ${address.replace('0.0.0.0', 'localhost')}`,
    `  Database: ${where}`,
  ];
  const bootstrap = app.argus.bootstrap;
  if (bootstrap) {
    lines.push(
      `  First start: sign in as "${bootstrap.username}"` +
        (bootstrap.generatedPassword
          ? ` with password ${bootstrap.generatedPassword}`
          : ' with the password from ARGUS_ADMIN_PASSWORD'),
    );
    if (bootstrap.generatedPassword)
      lines.push('  (shown only this once: note it or add users with `npx argus user add NAME`)');
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

start().catch((error: unknown) => {
  process.stderr.write(`Argus could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
