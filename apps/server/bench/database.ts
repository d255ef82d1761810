// A PostgreSQL database of its own for one part of the bench, dropped after it.
import pg from 'pg';

async function admin(pgUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `name` beside the database `pgUrl` names; returns its URL. */
export async function createDatabase(pgUrl: string, name: string): Promise<string> {
  await admin(pgUrl, `create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const dropDatabase = (pgUrl: string, name: string) =>
  admin(pgUrl, `drop database if exists ${name} with (force)`);
