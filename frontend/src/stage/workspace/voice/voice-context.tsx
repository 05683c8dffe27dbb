// What every character card's voice section needs from the workspace, given once around the
// characters panel instead of threaded through it: the project, its quotes (lines to read), whether
// the plan records (`voice:recording`), and how an updated character reaches the open project.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { FEATURES, PLANS, type Character, type Quote } from '@castbook/contracts';
import { useSubscription } from '../../subscription';

export interface VoiceEnv {
  projectId: string;
  quotes: readonly Quote[];
  /** A read-only project (over the plan's limit): takes play, nothing changes. */
  readOnly: boolean;
  /** true / false once the plan is known; undefined while it loads. */
  canRecord: boolean | undefined;
  /** The character as a voice call answered it, put into the open project. */
  applyCharacter(character: Character): void;
  /** Reloads the project (signed play URLs last about an hour). */
  refresh(): Promise<unknown>;
}

const VoiceContext = createContext<VoiceEnv | null>(null);

export function VoiceProvider({ children, ...env }: Omit<VoiceEnv, 'canRecord'> & { children: ReactNode }) {
  const { data } = useSubscription();
  const tier = data?.subscription.tier;
  // The plan's features decide (PRODUCT.md: Pro and Enterprise record); the server checks every upload.
  const canRecord = tier ? (PLANS[tier]?.featureIds.includes(FEATURES.voiceRecording) ?? false) : undefined;
  const { projectId, quotes, readOnly, applyCharacter, refresh } = env;
  const value = useMemo(
    () => ({ projectId, quotes, readOnly, canRecord, applyCharacter, refresh }),
    [projectId, quotes, readOnly, canRecord, applyCharacter, refresh],
  );
  return <VoiceContext.Provider value={value}>{children}</VoiceContext.Provider>;
}

export function useVoiceEnv(): VoiceEnv | null {
  return useContext(VoiceContext);
}
