// The voice calls of issue 17 (projects service): add a take (multipart `file`), delete one, choose
// the character's voice and save its voice notes. Each answers the updated character, whose takes
// carry a signed `playUrl` a plain <audio> element plays for about an hour.
import type { Character, VoiceNotes } from '@castbook/contracts';
import { api } from './client';
import { withAction } from './call-error';
import { projectKey } from './projects-api';

export const VOICE_MESSAGES = {
  upload: 'Failed to upload audio sample. Please try again.',
  delete: 'Failed to delete audio sample.',
  update: 'Failed to update character',
  play: 'Failed to play audio sample.',
} as const;

const characterPath = (projectId: string, characterId: string) =>
  `${projectKey(projectId)}/characters/${encodeURIComponent(characterId)}`;

const call = async (action: string, path: string, options: Parameters<typeof api.request>[1]) =>
  withAction(action, async () => (await api.request<{ data: Character }>(path, options)).data);

/** POST …/voice-takes: the character with the new take last (it becomes the voice if none was chosen). */
export function uploadVoiceTake(
  projectId: string,
  characterId: string,
  file: Blob,
  source: 'recorded' | 'uploaded',
  name = source === 'recorded' ? 'take.wav' : 'upload',
): Promise<Character> {
  const form = new FormData();
  form.set('source', source);
  form.set('file', file, name);
  return call(VOICE_MESSAGES.upload, `${characterPath(projectId, characterId)}/voice-takes`, {
    method: 'POST',
    form,
  });
}

/** DELETE …/voice-takes/{takeId}: allowed on every plan. */
export const deleteVoiceTake = (projectId: string, characterId: string, takeId: string) =>
  call(VOICE_MESSAGES.delete, `${characterPath(projectId, characterId)}/voice-takes/${encodeURIComponent(takeId)}`, {
    method: 'DELETE',
  });

/** PUT …/voice: choose a take as the voice (null: none) and/or save the notes. Every plan. */
export const updateVoice = (
  projectId: string,
  characterId: string,
  change: { audioSample?: string | null; voiceNotes?: VoiceNotes },
) => call(VOICE_MESSAGES.update, `${characterPath(projectId, characterId)}/voice`, { method: 'PUT', json: change });
