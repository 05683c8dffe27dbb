// What a voice recording must be (issue 17), found from its bytes by music-metadata, never from its
// name or a declared type: real audio of an accepted format, at most five minutes, at most
// MAX_AUDIO_BYTES. The same check guards both ways in: POST …/voice-takes and POST /api/upload/audio.
import { parseBuffer, type IFormat } from 'music-metadata';
import { MAX_VOICE_SECONDS, MAX_VOICE_TAKES, type AudioFileType } from '@castbook/contracts';
import { formatBytes, HttpError } from '@castbook/platform';

export const VOICE_MESSAGES = {
  notAudio: 'The file is not a supported audio recording (WAV, MP3, OGG, WebM or M4A)',
  tooLong: 'The recording is longer than 5 minutes',
  tooLarge: (maxBytes: number) => `The recording is larger than ${formatBytes(maxBytes)}`,
  empty: 'The audio recording is empty',
  tooManyTakes: `A character keeps at most ${MAX_VOICE_TAKES} takes. Delete one first`,
  characterNotFound: 'Character not found',
  takeNotFound: 'Take not found',
  notOwnSample: 'audioSample must be one of your own recordings (uploaded to this app)',
} as const;

export const AUDIO_MIME: Record<AudioFileType, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  m4a: 'audio/mp4',
};

export interface Recording {
  fileType: AudioFileType;
  mime: string;
  durationSeconds: number;
  bytes: number;
}

/**
 * Which accepted format music-metadata found, from the parser that read the bytes (container) and
 * the codec inside: MP3 is MPEG layer 3 (not layer 1/2), OGG and WebM carry Vorbis or Opus, M4A is
 * an MP4 file of AAC or ALAC audio. Anything with a video track is not a voice recording.
 */
function acceptedType(f: IFormat): AudioFileType | undefined {
  if (f.hasVideo) return undefined;
  const container = f.container ?? '';
  const codec = (f.codec ?? '').toLowerCase();
  if (container === 'WAVE') return 'wav';
  if (container === 'MPEG' && codec.includes('layer 3')) return 'mp3';
  if (container === 'Ogg' && /vorbis|opus/.test(codec)) return 'ogg';
  if (container === 'EBML/webm' && /vorbis|opus/.test(codec)) return 'webm';
  // The MP4 parser names the container after the file's brands (M4A/isom/iso2, mp42/isom, …).
  if (/^(m4a|m4b|mp4\d?|isom|iso\d|mp42|dash)\b/i.test(container) && /aac|alac/.test(codec)) return 'm4a';
  return undefined;
}

/** The recording's format and length; a 4xx with the contract's message for anything else. */
export async function checkRecording(bytes: Buffer, maxBytes: number): Promise<Recording> {
  if (bytes.length === 0) throw new HttpError(400, VOICE_MESSAGES.empty);
  if (bytes.length > maxBytes) throw new HttpError(413, VOICE_MESSAGES.tooLarge(maxBytes));
  let format: IFormat;
  try {
    // Covers (embedded pictures) are not needed and would only cost memory.
    format = (await parseBuffer(bytes, undefined, { duration: true, skipCovers: true })).format;
  } catch {
    // music-metadata throws for bytes it cannot read as any audio format (an image, text, a cut file).
    throw new HttpError(400, VOICE_MESSAGES.notAudio);
  }
  const fileType = acceptedType(format);
  const duration = format.duration;
  // A file whose length cannot be read (a truncated header) cannot be checked against the limit.
  if (!fileType || duration === undefined || !Number.isFinite(duration) || duration <= 0) {
    throw new HttpError(400, VOICE_MESSAGES.notAudio);
  }
  if (duration > MAX_VOICE_SECONDS) throw new HttpError(400, VOICE_MESSAGES.tooLong);
  return {
    fileType,
    mime: AUDIO_MIME[fileType],
    durationSeconds: Math.round(duration * 1000) / 1000,
    bytes: bytes.length,
  };
}
