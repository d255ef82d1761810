// The `argus` command: user management on the configured database, plus the
// engine's `discover`, `diff`, `pii` and `test` commands (`test` with the connectors' transport).
// Each command imports what it needs when it runs: `argus --help` loads no
// database driver, schema library or engine.
import { parseArgs } from 'node:util';
import type { Role } from '@argus/api';
import type { CliIO } from '@argus/engine/cli';

const HELP = `Usage:
  argus user add NAME [--role ROLE] [--password P]
                                       add a user: ROLE is viewer (default), analyst or admin;
                                       a password is generated when omitted
  argus worker                         an analysis worker: consumes captures from NATS JetStream
                                       (ARGUS_NATS_URL), analyses them into PostgreSQL (DATABASE_URL)
  argus discover ...                   discover endpoints from files (see: argus discover --help)
  argus diff OLD NEW                   what changed in the API surface, for CI (see: argus diff --help)
  argus pii ...                        detect PII in files (see: argus pii --help)
  argus test ...                       run active security tests against an API (see: argus test --help)

The user commands use DATABASE_URL, or the embedded database in ARGUS_DATA_DIR (default ./data);
stop a running server that uses the same embedded database first.
`;

const USER_ADD_USAGE = `Usage: argus user add NAME [--role ROLE] [--password P]
  ROLE is viewer (default), analyst or admin; a password is generated when omitted.
  Uses DATABASE_URL, or the embedded database in ARGUS_DATA_DIR (default ./data).
`;

const WORKER_USAGE = `Usage: argus worker
  An analysis worker: consumes captures from NATS JetStream (ARGUS_NATS_URL) and
  analyses them into PostgreSQL (DATABASE_URL). Stops on SIGINT or SIGTERM.
`;

const isHelp = (a: string | undefined) => a === '--help' || a === '-h';

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'user' && (isHelp(rest[0]) || (rest[0] === 'add' && rest.some(isHelp)))) {
    io.stdout.write(USER_ADD_USAGE);
    return 0;
  }
  if (command === 'worker' && rest.some(isHelp)) {
    io.stdout.write(WORKER_USAGE);
    return 0;
  }
  if (command === 'discover' || command === 'diff' || command === 'pii') {
    const engine = await import('@argus/engine/cli');
    return engine.main(argv, io);
  }
  if (command === 'test') {
    // active tests send requests to the base URL the user names, loopback included
    const [engine, { createTransport, startCanary }] = await Promise.all([
      import('@argus/engine/cli'),
      import('@argus/connectors'),
    ]);
    return engine.main(argv, io, { transport: createTransport({ allowPrivate: true }), startCanary });
  }
  if (command === 'user' && rest[0] === 'add') return addUser(rest.slice(1), io);
  if (command === 'worker' && rest.length === 0) {
    const { runWorker } = await import('./worker-main.js');
    try {
      return await runWorker();
    } catch (error) {
      io.stderr.write(`${(error as Error).message}\n`);
      return 1;
    }
  }
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.stdout.write(HELP);
    return 0;
  }
  io.stderr.write(`Unknown command: ${argv.join(' ')}\n\n${HELP}`);
  return 2;
}

async function addUser(args: string[], io: CliIO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { password: { type: 'string' }, role: { type: 'string', default: 'viewer' } },
      allowPositionals: true,
    });
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const [name] = parsed.positionals;
  if (!name || parsed.positionals.length > 1) {
    io.stderr.write(USER_ADD_USAGE);
    return 2;
  }
  const { ROLES } = await import('@argus/api');
  const role = parsed.values.role as Role;
  if (!ROLES.includes(role)) {
    io.stderr.write(`Unknown role ${role}: use ${ROLES.join(', ')}\n`);
    return 2;
  }
  const [{ SYSTEM_ACTOR }, { configFromEnv }, { openDatabase }, { generatePassword }, { createUser }] =
    await Promise.all([
      import('./audit.js'),
      import('./config.js'),
      import('./db/client.js'),
      import('./passwords.js'),
      import('./users.js'),
    ]);
  const password = parsed.values.password ?? generatePassword();
  const config = configFromEnv();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const user = await createUser(database.db, name, password, role, SYSTEM_ACTOR);
    io.stdout.write(
      `Added user ${user.username} (${user.role})` +
        (parsed.values.password ? '\n' : ` with password ${password}\n`),
    );
    return 0;
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}
