// Plays a take that is still only in memory (recorded, not yet saved). The page's Content-Security-
// Policy lets media and fetches load only same-origin URLs, so a blob: URL cannot go into an <audio>
// element; the samples are played through Web Audio instead, behind the part of HTMLMediaElement that
// wavesurfer drives (play, pause, currentTime, duration and their events), so the same waveform with
// play/pause and seek serves both unsaved and saved takes.

/** The slice of AudioContext this player uses (a fake in unit tests). */
export interface PlaybackContext {
  readonly currentTime: number;
  readonly destination: AudioNode;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBuffer;
  createBufferSource(): AudioBufferSourceNode;
  resume(): Promise<void>;
  close(): Promise<void>;
}

const HAVE_ENOUGH_DATA = 4;
/** How often the position is reported while playing (an <audio> reports every ~250 ms). */
const TICK_MS = 100;

export class PcmMedia extends EventTarget {
  paused = true;
  ended = false;
  seeking = false;
  autoplay = false;
  controls = false;
  muted = false;
  volume = 1;
  playbackRate = 1;
  preservesPitch = true;
  readonly readyState = HAVE_ENOUGH_DATA;
  src = '';
  currentSrc = '';
  error: Error | null = null;

  private context: PlaybackContext | null = null;
  private source: AudioBufferSourceNode | null = null;
  private startedAt = 0;
  private offset = 0;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly samples: Float32Array<ArrayBuffer>,
    private readonly sampleRate: number,
    private readonly makeContext: () => PlaybackContext = () => new AudioContext(),
  ) {
    super();
  }

  get duration(): number {
    return this.samples.length / this.sampleRate;
  }

  get currentTime(): number {
    if (this.paused || !this.context) return this.offset;
    return Math.min(this.duration, this.offset + (this.context.currentTime - this.startedAt));
  }

  set currentTime(value: number) {
    const t = Math.max(0, Math.min(this.duration, Number.isFinite(value) ? value : 0));
    const playing = !this.paused;
    this.emit('seeking');
    if (playing) this.stopSource();
    this.offset = t;
    this.ended = false;
    if (playing) this.startSource();
    this.emit('timeupdate');
    this.emit('seeked');
  }

  async play(): Promise<void> {
    if (!this.paused) return;
    if (this.offset >= this.duration) this.offset = 0;
    this.context ??= this.makeContext();
    await this.context.resume();
    this.paused = false;
    this.ended = false;
    this.startSource();
    this.ticker = setInterval(() => this.emit('timeupdate'), TICK_MS);
    this.emit('play');
    this.emit('playing');
  }

  pause(): void {
    if (this.paused) return;
    this.offset = this.currentTime;
    this.stopSource();
    this.halt();
    this.emit('timeupdate');
    this.emit('pause');
  }

  /** Parts of HTMLMediaElement wavesurfer may call; nothing to load or detach here. */
  load(): void {}
  removeAttribute(): void {}
  canPlayType(): CanPlayTypeResult {
    return '';
  }
  remove(): void {
    this.destroy();
  }

  destroy(): void {
    this.stopSource();
    this.halt();
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }

  private startSource() {
    const ctx = this.context!;
    const buffer = ctx.createBuffer(1, this.samples.length, this.sampleRate);
    buffer.copyToChannel(this.samples, 0);
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(ctx.destination);
    source.onended = () => {
      // A source stopped by pause or seek is not the end of the take.
      if (this.source !== source) return;
      this.source = null;
      this.offset = this.duration;
      this.ended = true;
      this.halt();
      this.emit('timeupdate');
      this.emit('pause');
      this.emit('ended');
    };
    source.start(0, this.offset);
    this.startedAt = ctx.currentTime;
    this.source = source;
  }

  private stopSource() {
    const source = this.source;
    this.source = null;
    if (!source) return;
    source.onended = null;
    try {
      source.stop();
    } catch {
      // Already stopped.
    }
    source.disconnect();
  }

  private halt() {
    this.paused = true;
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private emit(type: string) {
    this.dispatchEvent(new Event(type));
  }
}
