import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { galleryConfig } from './modules/gallery/gallery-config.ts';

const sqlite = { DATABASE_URL: 'data/app.db' };

it('runs one process on SQLite and one per core on PostgreSQL, unless WEB_CONCURRENCY says otherwise', () => {
  expect(loadConfig(sqlite).workers).toBe(1);
  expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }).workers).toBe(Math.min(os.availableParallelism(), 16));
  expect(loadConfig({ ...sqlite, WEB_CONCURRENCY: '3' }).workers).toBe(3);
});

it('reads every variable of the README table, and an empty one as unset', () => {
  const config = loadConfig({
    ...sqlite,
    PORT: '9000',
    HOST: '0.0.0.0',
    APP_URL: 'https://care.example.org/',
    SMTP_URL: 'smtp://u:p@mail.example.org:587',
    ADMIN_EMAIL: 'boss@example.org',
    ADMIN_PASSWORD: 'long-enough-1',
    TOKEN_IDLE_MINUTES: '30',
    TOKEN_REMEMBER_MINUTES: '600',
    TOKEN_MAX_HOURS: '8',
    TOKEN_REMEMBER_MAX_DAYS: '7',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    NODE_ENV: 'production',
  });
  expect(config).toMatchObject({
    port: 9000,
    host: '0.0.0.0',
    appUrl: 'https://care.example.org',
    smtpUrl: 'smtp://u:p@mail.example.org:587',
    adminEmail: 'boss@example.org',
    adminPassword: 'long-enough-1',
    tokenIdleMinutes: 30,
    tokenRememberMinutes: 600,
    tokenMaxHours: 8,
    tokenRememberMaxDays: 7,
    logLevel: 'warn',
    trustProxy: 1,
    production: true,
  });
  expect(loadConfig({ ...sqlite, PORT: '', LOG_LEVEL: '', TRUST_PROXY: '' })).toMatchObject({ port: 8000, logLevel: 'info', trustProxy: 0, tokenMaxHours: 12, tokenRememberMaxDays: 30 });
  expect(loadConfig({ ...sqlite, TRUST_PROXY: '2' }).trustProxy).toBe(2);
});

describe('a wrong value stops the start with a message naming the variable', () => {
  const refused: Array<[string, string, RegExp]> = [
    ['PORT', 'abc', /PORT="abc": must be a whole number from 1 to 65535/],
    ['PORT', '70000', /PORT="70000": must be a whole number from 1 to 65535/],
    ['PORT', '80.5', /PORT="80.5"/],
    ['TOKEN_IDLE_MINUTES', '0', /TOKEN_IDLE_MINUTES="0": must be a whole number/],
    ['TOKEN_REMEMBER_MINUTES', '-5', /TOKEN_REMEMBER_MINUTES="-5": must be a whole number/],
    ['TOKEN_MAX_HOURS', '0', /TOKEN_MAX_HOURS="0": must be a whole number/],
    ['WEB_CONCURRENCY', 'lots', /WEB_CONCURRENCY="lots": must be a whole number from 1 to 16/],
    ['WEB_CONCURRENCY', '64', /WEB_CONCURRENCY="64": must be a whole number from 1 to 16/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent/],
    ['TRUST_PROXY', 'yes', /TRUST_PROXY="yes": must be a whole number from 0 to 10/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY="true": must be a whole number from 0 to 10/],
    ['APP_URL', 'care.example.org', /APP_URL="care.example.org": must be a URL like https:/],
    ['SMTP_URL', 'http://mail.example.org', /SMTP_URL="http:\/\/mail.example.org": must be a URL like smtp:/],
    ['ADMIN_EMAIL', 'boss', /ADMIN_EMAIL="boss": must be an e-mail address/],
    ['ADMIN_PASSWORD', 'short', /ADMIN_PASSWORD="short": must be at least 8 characters/],
  ];
  it.each(refused)('%s=%s', (name, value, message) => {
    const load = () => loadConfig({ ...sqlite, [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('names every wrong variable at once', () => {
    expect(() => loadConfig({ ...sqlite, PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT="abc".*\n.*LOG_LEVEL="loud"/);
  });

  it('the server process exits with that message and no stack trace', () => {
    const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], { env: { ...process.env, PORT: 'abc', NODE_ENV: 'test' }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration (environment or .env):\n  PORT="abc": must be a whole number from 1 to 65535');
    expect(run.stderr).not.toContain('    at ');
  });
});

describe('TRANSCODE_LEASE_MINUTES', () => {
  const lease = (value: string) => galleryConfig({ storageDir: '/srv/data/storage' }, { TRANSCODE_LEASE_MINUTES: value }).leaseMs;

  it('takes whole minutes and fractions of one', () => {
    expect([lease('30'), lease('0.5'), lease('')]).toEqual([30 * 60_000, 30_000, 30 * 60_000]);
  });

  it.each(['abc', '-1', '1e3', '2000'])('refuses %s, naming the variable', (value) => {
    expect(() => lease(value)).toThrow(/TRANSCODE_LEASE_MINUTES=.*must be a number of minutes from 0 to 1440/);
  });
});
