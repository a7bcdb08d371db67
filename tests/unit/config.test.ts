// Configuration: defaults, and a clear message naming the variable for each bad value.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('configuration', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:8080',
      logLevel: 'info',
      demoData: true,
      demoAdminEmail: 'admin@demo.example',
      demoPassword: 'Demo-portal-1',
    });
    expect(config.accessTokenTtlS).toBeLessThanOrEqual(3600);
    expect(config.teltonikaPort).toBe(5027);
    expect(loadConfig({ TELTONIKA_PORT: 'off' }).teltonikaPort).toBeNull();
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DEMO_DATA: 'maybe' }, /DEMO_DATA/],
    [{ DEMO_PASSWORD: 'short' }, /DEMO_PASSWORD/],
    [{ ACCESS_TOKEN_TTL_S: '7200' }, /ACCESS_TOKEN_TTL_S/],
    [{ TELTONIKA_PORT: 'five' }, /TELTONIKA_PORT/],
    [{ DEMO_HISTORY_DAYS: '400' }, /DEMO_HISTORY_DAYS/],
  ])('rejects %o naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes a tile server for the base map, or none, and refuses one without attribution', () => {
    expect(loadConfig({}).mapTileLayers.map((layer) => layer.name)).toEqual(['OpenStreetMap']);
    expect(loadConfig({ MAP_TILE_URL: 'off' }).mapTileLayers).toEqual([]);
    expect(
      loadConfig({
        MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}@2x.png',
        MAP_TILE_ATTRIBUTION: '&copy; Example Maps',
        MAP_TILE_NAME: 'Example',
        MAP_TILE_MAX_ZOOM: '18',
      }).mapTileLayers,
    ).toEqual([
      {
        name: 'Example',
        url: 'https://{s}.tiles.example/{z}/{x}/{y}@2x.png',
        attribution: '&copy; Example Maps',
        maxZoom: 18,
      },
    ]);
    for (const [env, message] of [
      [{ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }, 'MAP_TILE_ATTRIBUTION'],
      [{ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png', MAP_TILE_ATTRIBUTION: 'x' }, '{y}'],
      [{ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}', MAP_TILE_ATTRIBUTION: 'x' }, 'http'],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });

  it('reads switches and a PostgreSQL URL', () => {
    const config = loadConfig({
      DEMO_DATA: 'false',
      DATABASE_URL: 'postgres://u@h/db',
      HOST: '0.0.0.0',
      PORT: '9000',
    });
    expect(config.demoData).toBe(false);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.publicUrl).toBe('http://localhost:9000');
  });
});
