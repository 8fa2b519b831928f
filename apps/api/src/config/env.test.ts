import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, loadConfig } from './env.ts';

describe('environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDirectory).toBe(path.resolve('./data'));
    expect(config.SEED_DEMO).toBe(true);
    expect(config.BUSINESS_TIME_ZONE).toBe('Asia/Kathmandu');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads and converts the variables', () => {
    const config = loadConfig({
      PORT: '8080',
      SEED_DEMO: 'false',
      DATABASE_URL: 'postgres://u@db:5432/puja',
      DATA_DIR: '/srv/puja',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SEED_DEMO: false,
      DATABASE_URL: 'postgres://u@db:5432/puja',
      dataDirectory: '/srv/puja',
    });
  });

  it('names every problem at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        BUSINESS_TIME_ZONE: 'Mars/Olympus',
        SEED_DEMO: 'maybe',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      const problems = (error as InvalidEnvironmentError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'BUSINESS_TIME_ZONE', 'SEED_DEMO'])
        expect(problems).toContain(name);
    }
  });
});
