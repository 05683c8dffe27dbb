import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PcmMedia, type PlaybackContext } from './pcm-media';

/** A Web Audio stand-in with a clock the test moves. */
function fakeContext() {
  const started: Array<{ offset: number; stopped: boolean; source: { onended: (() => void) | null } }> = [];
  const ctx = {
    currentTime: 0,
    destination: {} as AudioNode,
    closed: false,
    createBuffer: (_channels: number, length: number, sampleRate: number) =>
      ({ length, sampleRate, copyToChannel: vi.fn() }) as unknown as AudioBuffer,
    createBufferSource: () => {
      const entry = { offset: -1, stopped: false, source: null as unknown as { onended: (() => void) | null } };
      const source = {
        buffer: null,
        onended: null as (() => void) | null,
        connect: vi.fn(),
        disconnect: vi.fn(),
        start: (_when: number, offset: number) => {
          entry.offset = offset;
          started.push(entry);
        },
        stop: () => {
          entry.stopped = true;
        },
      };
      entry.source = source;
      return source as unknown as AudioBufferSourceNode;
    },
    resume: async () => undefined,
    close: async () => {
      ctx.closed = true;
    },
  };
  return { ctx, started };
}

describe('PcmMedia', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const { ctx, started } = fakeContext();
    const media = new PcmMedia(new Float32Array(16_000 * 3), 16_000, () => ctx as unknown as PlaybackContext);
    const events: string[] = [];
    for (const type of ['play', 'pause', 'ended', 'seeking', 'seeked', 'timeupdate'])
      media.addEventListener(type, () => events.push(type));
    return { ctx, started, media, events };
  };

  it('knows its duration and starts paused at 0', () => {
    const { media } = setup();
    expect(media.duration).toBe(3);
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(0);
  });

  it('plays from the position, follows the context clock and pauses where it is', async () => {
    const { ctx, started, media, events } = setup();
    media.currentTime = 1;
    await media.play();
    expect(started.at(-1)!.offset).toBe(1);
    expect(media.paused).toBe(false);
    ctx.currentTime = 0.5;
    expect(media.currentTime).toBeCloseTo(1.5);
    vi.advanceTimersByTime(250);
    expect(events.filter((e) => e === 'timeupdate').length).toBeGreaterThanOrEqual(2);
    media.pause();
    expect(media.paused).toBe(true);
    expect(started.at(-1)!.stopped).toBe(true);
    ctx.currentTime = 2;
    expect(media.currentTime).toBeCloseTo(1.5);
    expect(events).toContain('play');
    expect(events).toContain('pause');
  });

  it('seeking while playing restarts the source at the new position; stopped sources do not end the take', async () => {
    const { ctx, started, media, events } = setup();
    await media.play();
    const first = started[0]!;
    media.currentTime = 2.5;
    expect(first.stopped).toBe(true);
    expect(started.at(-1)!.offset).toBe(2.5);
    expect(events).toEqual(expect.arrayContaining(['seeking', 'seeked']));
    first.source.onended?.();
    expect(media.ended).toBe(false);
    // The playing source reaching its end ends the take, at its duration.
    ctx.currentTime = 10;
    started.at(-1)!.source.onended?.();
    expect(media.ended).toBe(true);
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(3);
    expect(events.at(-1)).toBe('ended');
    // Playing again after the end starts over.
    await media.play();
    expect(started.at(-1)!.offset).toBe(0);
  });

  it('clamps seeks and closes its context on destroy', async () => {
    const { ctx, media } = setup();
    media.currentTime = 99;
    expect(media.currentTime).toBe(3);
    media.currentTime = -1;
    expect(media.currentTime).toBe(0);
    await media.play();
    media.destroy();
    expect(ctx.closed).toBe(true);
    expect(media.paused).toBe(true);
  });
});
