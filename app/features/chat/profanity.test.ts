import { describe, expect, it } from 'vitest';
import { maskProfanity } from './profanity.ts';

describe('maskProfanity', () => {
  it('masks profane words, keeping their first letter', () => {
    expect(maskProfanity('what a shit ref')).toBe('what a s*** ref');
    expect(maskProfanity('FUCK off')).toBe('F*** off');
    expect(maskProfanity('you wanker')).toBe('you w***er');
  });

  it('sees through leetspeak and repeated letters', () => {
    expect(maskProfanity('sh1t')).not.toBe('sh1t');
    expect(maskProfanity('fuuuuck')).not.toContain('fuuuuck');
  });

  it.each([
    'Scunthorpe United away at Arsenal',
    'a fair assessment of the half',
    'Kung-Fu kick from the keeper',
    'the cockerel on the Spurs badge',
    'Shittu heads it clear',
    'Penistone Church won again',
    'Cummings with the cross',
    'Dick Advocaat has gone 4-4-2',
    'Hancock, Cockburn and Sheffield',
    'an assist for Bastian, passes and class',
  ])('leaves football words alone: %s', (text) => {
    expect(maskProfanity(text)).toBe(text);
  });

  it('masks a listed word next to an allowed name', () => {
    expect(maskProfanity('Shittu is no shit defender')).toBe('Shittu is no s*** defender');
  });

  it('keeps emoji and other characters intact', () => {
    expect(maskProfanity('⚽ shit 🎉 goal')).toBe('⚽ s*** 🎉 goal');
    expect(maskProfanity('')).toBe('');
    expect(maskProfanity('Mbappé 👏👏')).toBe('Mbappé 👏👏');
  });
});
