import { describe, expect, it } from 'vitest';
import { PNG, wav } from '../../test/audio-fixtures.js';
import { checkRecording, VOICE_MESSAGES } from './audio-content.js';

const MB = 1024 * 1024;
const refused = async (bytes: Buffer, status: number, message: string) => {
  await expect(checkRecording(bytes, 10 * MB)).rejects.toMatchObject({ statusCode: status, message });
};

describe('checkRecording', () => {
  it('reads the type and length of a WAV from its bytes', async () => {
    expect(await checkRecording(wav(2.5), 10 * MB)).toEqual({
      fileType: 'wav',
      mime: 'audio/wav',
      durationSeconds: 2.5,
      bytes: 44 + 40_000,
    });
    expect((await checkRecording(wav(300), 10 * MB)).durationSeconds).toBe(300);
  });

  it('refuses what is not a readable recording of an accepted type', async () => {
    await refused(PNG, 400, VOICE_MESSAGES.notAudio);
    await refused(Buffer.from('"Good morning," said Anne.\n'), 400, VOICE_MESSAGES.notAudio);
    await refused(wav(1).subarray(0, 30), 400, VOICE_MESSAGES.notAudio);
    // RIFF/WAVE in the first bytes (what the old magic-byte check took) but no readable format chunk.
    await refused(
      Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(40)]),
      400,
      VOICE_MESSAGES.notAudio,
    );
    await refused(Buffer.alloc(0), 400, VOICE_MESSAGES.empty);
  });

  it('refuses more than five minutes and more than the size limit', async () => {
    await refused(wav(300.5), 400, VOICE_MESSAGES.tooLong);
    await expect(checkRecording(wav(2), 1000)).rejects.toMatchObject({
      statusCode: 413,
      message: 'The recording is larger than 1000 bytes',
    });
    expect(VOICE_MESSAGES.tooLarge(10 * MB)).toBe('The recording is larger than 10 MB');
  });
});
