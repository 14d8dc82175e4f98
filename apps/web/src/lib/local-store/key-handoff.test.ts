import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropHeldKey, handToNextPage, holdForNextPage, takeHandedKey } from './key-handoff.ts';

const bits = () => Uint8Array.from({ length: 32 }, (_, i) => i * 7).buffer;

describe('the key handed from the sign-in page to the dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.name = '';
    dropHeldKey();
  });

  it('arrives once, with its user and bits, and leaves window.name empty', () => {
    holdForNextPage(12, bits());
    handToNextPage();
    expect(window.name).not.toBe('');
    expect(takeHandedKey()).toEqual({ userId: 12, bits: new Uint8Array(bits()) });
    expect(window.name).toBe('');
    expect(takeHandedKey()).toBeNull();
  });

  it('hands nothing when nothing is held, or no more once dropped (a sign-out, a lock)', () => {
    handToNextPage();
    expect(window.name).toBe('');
    holdForNextPage(12, bits());
    dropHeldKey();
    handToNextPage();
    expect(window.name).toBe('');
  });

  it('is dropped unused, and cleared, when older than a minute', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    holdForNextPage(12, bits());
    handToNextPage();
    vi.setSystemTime(Date.now() + 61_000);
    expect(takeHandedKey()).toBeNull();
    expect(window.name).toBe('');
  });

  it('leaves a window name that is not a handed key alone', () => {
    window.name = 'some-other-window';
    expect(takeHandedKey()).toBeNull();
    expect(window.name).toBe('some-other-window');
  });
});
