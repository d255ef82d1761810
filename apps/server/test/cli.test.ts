// The `argus` command: users added from the command line can sign in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { openDatabase } from '../src/db/client.js';
import { auditLog, users } from '../src/db/schema/index.js';
import { verifyPassword } from '../src/passwords.js';
import { migratedPgliteDump } from './helpers.js';

function io(input = '') {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdin: (async function* () {
        if (input) yield input;
      })(),
      stdout: { write: (s: string) => (out.stdout += s) },
      stderr: { write: (s: string) => (out.stderr += s) },
      isTTY: false,
    },
  };
}

describe('argus CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'argus-cli-'));
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds users to the embedded database, with a given or generated password', async () => {
    const seeded = await PGlite.create(dir, { loadDataDir: await migratedPgliteDump() });
    await seeded.close();
    process.env.ARGUS_DATA_DIR = dir;
    delete process.env.DATABASE_URL;

    const given = io();
    expect(await main(['user', 'add', 'erin', '--password', 'erin-password-1'], given.io)).toBe(0);
    expect(given.out.stdout).toBe('Added user erin (viewer)\n');
    const generated = io();
    expect(await main(['user', 'add', 'frank'], generated.io)).toBe(0);
    const password = /with password (\S+)/.exec(generated.out.stdout)?.[1];
    expect(password).toBeDefined();
    const duplicate = io();
    expect(await main(['user', 'add', 'erin', '--password', 'another-password'], duplicate.io)).toBe(1);
    expect(duplicate.out.stderr).toBe('User erin already exists\n');
    const short = io();
    expect(await main(['user', 'add', 'gina', '--password', 'short'], short.io)).toBe(1);
    expect(short.out.stderr).toMatch(/at least 12 characters/);

    const database = await openDatabase({ dataDir: dir });
    try {
      const rows = await database.db.select().from(users);
      const frank = rows.find((u) => u.username === 'frank')!;
      expect(await verifyPassword(password!, frank.passwordHash)).toBe(true);
      expect(rows.map((u) => u.username).sort()).toEqual(['erin', 'frank']);
      expect(rows.map((u) => u.role)).toEqual(['viewer', 'viewer']);
    } finally {
      await database.close();
    }
    // Each user costs a full-strength scrypt (N=2^17) and each command opens the embedded database.
  }, 120_000);

  // On the embedded database the previous test set up.
  it('adds a user with a role, refusing unknown roles', async () => {
    const bad = io();
    expect(
      await main(['user', 'add', 'ivan', '--role', 'root', '--password', 'ivan-password-12'], bad.io),
    ).toBe(2);
    expect(bad.out.stderr).toBe('Unknown role root: use viewer, analyst, admin\n');
    const ok = io();
    expect(
      await main(['user', 'add', 'ivan', '--role', 'analyst', '--password', 'ivan-password-12'], ok.io),
    ).toBe(0);
    expect(ok.out.stdout).toBe('Added user ivan (analyst)\n');
    const database = await openDatabase({ dataDir: dir });
    try {
      const [ivan] = await database.db.select().from(users).where(eq(users.username, 'ivan'));
      expect(ivan?.role).toBe('analyst');
      const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, ivan!.id));
      expect(entry).toMatchObject({
        action: 'user.create',
        actorId: null,
        summary: 'Added user ivan as analyst',
      });
    } finally {
      await database.close();
    }
  }, 120_000);

  it('prints usage for unknown commands and delegates pii to the engine', async () => {
    const unknown = io();
    expect(await main(['frobnicate'], unknown.io)).toBe(2);
    expect(unknown.out.stderr).toMatch(/Usage:/);
    const help = io();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.out.stdout).toMatch(/argus user add NAME/);
    const pii = io('{"email": "maria.garcia@example.com", "ssn": "536-22-8714"}');
    expect(await main(['pii', '--json'], pii.io)).toBe(0);
    expect(pii.out.stdout).toMatch(/ssn/);
    expect(pii.out.stdout).toMatch(/email/);
  });
});
