import { config } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseWithoutEval } from './zod-config.ts';

describe('zod in the browser parses without eval', () => {
  it('the setting written without importing zod is the one zod reads', () => {
    const before = config().jitless;
    try {
      parseWithoutEval();
      expect(config().jitless).toBe(true);
    } finally {
      config({ jitless: before });
    }
  });
});
