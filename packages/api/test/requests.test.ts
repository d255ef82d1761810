import { describe, expect, it } from 'vitest';
import {
  accessLogSourceFormSchema,
  alertRuleFormSchema,
  apiKeyFormSchema,
  bulkAlertUpdateSchema,
  discoverySourceCreateSchema,
  domainCreateSchema,
  gatewaySourceFormSchema,
  notificationChannelCreateSchema,
  notificationChannelFormSchema,
  numberOr,
  specSourceFormSchema,
} from '../src/index.js';
import type { z } from 'zod';

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('spec section 5 validation messages', () => {
  it('discovery sources', () => {
    expect(messages(specSourceFormSchema, { name: '' })).toEqual(['Name is required']);
    expect(messages(specSourceFormSchema, { name: 'Spec', url: 'not a url' })).toEqual([
      'Must be a valid URL',
    ]);
    expect(messages(specSourceFormSchema, { name: 'Spec', url: '' })).toEqual([]);
    expect(messages(accessLogSourceFormSchema, { name: 'Logs', fileContent: '' })).toEqual([
      'Log file content is required',
    ]);
    expect(accessLogSourceFormSchema.parse({ name: 'Logs', fileContent: 'x' }).format).toBe('apache');
    expect(messages(gatewaySourceFormSchema, { name: 'Kong', url: 'kong', apiKey: '' })).toEqual([
      'Must be a valid URL',
      'API key is required',
    ]);
    expect(
      gatewaySourceFormSchema.parse({ name: 'K', url: 'https://kong.example.com', apiKey: 'k' }).provider,
    ).toBe('kong');
  });

  it('API bodies use the same messages and the same per-type rules', () => {
    expect(messages(discoverySourceCreateSchema, { type: 'access_log', name: ' ', config: {} })).toEqual([
      'Name is required',
      'Log file content is required',
    ]);
    expect(
      messages(discoverySourceCreateSchema, {
        type: 'api_gateway',
        name: 'AWS',
        config: { provider: 'aws', url: 'https://apigateway.eu-west-1.amazonaws.com', apiKey: 'k' },
      }),
    ).toEqual(['Region is required for AWS API Gateway']);
  });

  it('domains: required, hostname rule, normalisation', () => {
    expect(messages(domainCreateSchema, { name: '' })).toEqual(['Domain name is required']);
    expect(messages(domainCreateSchema, {})).toEqual(['Domain name is required']);
    for (const bad of [
      '-api.example.com',
      'api_.example.com',
      'api..example.com',
      `${'a'.repeat(64)}.com`,
      'exa mple.com',
    ]) {
      expect(messages(domainCreateSchema, { name: bad })).toEqual([
        'Please enter a valid domain name (e.g., api.example.com)',
      ]);
    }
    expect(domainCreateSchema.parse({ name: 'https://API.Example.com/' }).name).toBe('api.example.com');
    expect(domainCreateSchema.parse({ name: 'localhost' }).name).toBe('localhost');
  });

  it('alert rules and channels: required fields and JSON text', () => {
    expect(messages(alertRuleFormSchema, { name: '', conditions: '' })).toEqual([
      'Rule name is required',
      'Trigger type is required',
      'Severity is required',
      'Conditions are required',
    ]);
    expect(
      messages(alertRuleFormSchema, {
        name: 'R',
        triggerType: 'pii_exposed',
        severity: 'high',
        conditions: '{oops',
      }),
    ).toEqual(['Conditions must be a valid JSON object']);
    expect(messages(notificationChannelFormSchema, { name: '', config: '' })).toEqual([
      'Channel name is required',
      'Channel type is required',
      'Configuration is required',
    ]);
    expect(
      messages(notificationChannelCreateSchema, {
        name: 'Hook',
        type: 'webhook',
        config: { url: 'ftp://x' },
      }),
    ).toEqual(['Must be a valid URL']);
    expect(
      messages(notificationChannelCreateSchema, { name: 'Mail', type: 'email', config: { to: [] } }),
    ).toEqual(['At least one recipient is required']);
  });

  it('API keys', () => {
    expect(messages(apiKeyFormSchema, { name: '', environment: '', value: '' })).toEqual([
      'API key name is required',
      'Environment is required',
      'API key value is required',
    ]);
  });

  it('bulk alert updates need ids, a known action, and a user to assign', () => {
    expect(messages(bulkAlertUpdateSchema, { alertIds: [], action: 'resolve' })).toEqual([
      'Select at least one alert',
    ]);
    expect(messages(bulkAlertUpdateSchema, { alertIds: ['a'], action: 'delete' })).toEqual([
      'action must be one of acknowledge, resolve, assign, suppress',
    ]);
    expect(messages(bulkAlertUpdateSchema, { alertIds: ['a'], action: 'assign' })).toEqual([
      'assignedTo is required to assign alerts',
    ]);
  });

  it('settings inputs fall back to defaults when cleared or non-numeric, and clamp to range', () => {
    expect(numberOr('', 60, 1, 1440)).toBe(60);
    expect(numberOr('abc', 30, 5, 300)).toBe(30);
    expect(numberOr('4000', 60, 1, 1440)).toBe(1440);
    expect(numberOr(7, 5, 1, 50)).toBe(7);
  });
});
