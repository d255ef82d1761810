// The scan and risk settings (spec: Settings screen): what a scan may do, and the weights of risk.
import { z } from 'zod';

export const settingsSchema = z.object({
  scanIntervalMinutes: z.number().int().min(1).max(1440),
  requestTimeoutSeconds: z.number().int().min(5).max(300),
  maxConcurrentScans: z.number().int().min(1).max(50),
  autoScan: z.boolean(),
  deepScan: z.boolean(),
  weights: z.object({
    vulnerability: z.number().min(0).max(100),
    pii: z.number().min(0).max(100),
    traffic: z.number().min(0).max(100),
    exposure: z.number().min(0).max(100),
  }),
});

export type Settings = z.infer<typeof settingsSchema>;
