// Everything a route, job or plugin needs, created once per app.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  defaultSettings,
  settingsUpdateSchema,
  type ActivitySeverity,
  type SettingsUpdate,
} from '@argus/api';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { activities, settings as settingsTable } from './db/schema/index.js';
import type { SecretBox } from './secrets.js';

export interface ActivityInput {
  title: string;
  description?: string | null;
  domainName?: string | null;
  severity: ActivitySeverity;
}

export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  logger: FastifyBaseLogger;
  secrets: SecretBox;
  /** Append entries to the activity feed (in `tx` when given). */
  recordActivity(entries: ActivityInput | ActivityInput[], tx?: Db): Promise<void>;
  /** The stored settings (defaults until saved). */
  getSettings(): Promise<SettingsUpdate>;
  /** Store the settings (in `tx` when given). */
  saveSettings(value: SettingsUpdate, tx?: Db): Promise<SettingsUpdate>;
}

const MAX_TEXT = 500;
const clip = (text: string | null | undefined) =>
  text === null || text === undefined
    ? null
    : text.length > MAX_TEXT
      ? `${text.slice(0, MAX_TEXT - 1)}…`
      : text;

export function createContext(parts: {
  database: Database;
  config: Config;
  logger: FastifyBaseLogger;
  secrets: SecretBox;
}): AppContext {
  const { database } = parts;
  const db = database.db;
  return {
    ...parts,
    db,
    async recordActivity(entries, tx) {
      const list = Array.isArray(entries) ? entries : [entries];
      if (list.length === 0) return;
      await (tx ?? db).insert(activities).values(
        list.map((e) => ({
          title: clip(e.title) ?? '',
          description: clip(e.description),
          domainName: e.domainName ?? null,
          severity: e.severity,
        })),
      );
    },
    async getSettings() {
      const [row] = await db.select().from(settingsTable).where(eq(settingsTable.id, 1));
      if (!row) return structuredClone(defaultSettings);
      // Stored rows always passed validation; parsing again keeps old rows safe if the schema grows.
      const parsed = settingsUpdateSchema.safeParse({ ...defaultSettings, ...row.value });
      return parsed.success ? parsed.data : structuredClone(defaultSettings);
    },
    async saveSettings(value, tx) {
      await (tx ?? db)
        .insert(settingsTable)
        .values({ id: 1, value })
        .onConflictDoUpdate({ target: settingsTable.id, set: { value, updatedAt: new Date() } });
      return value;
    },
  };
}
