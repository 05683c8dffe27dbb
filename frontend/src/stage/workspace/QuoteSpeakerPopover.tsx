// Changing who speaks a quote: pick a character or create a new one. The workspace saves the whole
// quotes list with attributionMethod 'user' (and the characters when one is created).
import { useState } from 'react';
import { Autocomplete, Box, Button, Popover, Stack, TextField, Typography, createFilterOptions } from '@mui/material';
import type { Character, Quote } from '@castbook/contracts';
import { speakerColor } from './colors';

type Option = { kind: 'character'; character: Character } | { kind: 'new'; name: string };
const filter = createFilterOptions<Option>({
  stringify: (o) => (o.kind === 'character' ? [o.character.name, ...o.character.alternativeNames].join(' ') : o.name),
});

interface Props {
  quote: Quote | null;
  anchor: HTMLElement | null;
  characters: Character[];
  onClose(): void;
  /** An existing character's id, or the name of a character to create. */
  onChoose(quote: Quote, choice: { speakerId: string } | { newName: string }): Promise<boolean>;
  /** A read-only project: the speaker is shown, not changed. */
  readOnly?: boolean;
}

const METHOD_LABEL: Record<Quote['attributionMethod'], string> = {
  explicit: 'a speech tag',
  pronoun: 'a pronoun in a speech tag',
  vocative: 'who is addressed',
  'turn-taking': 'turn-taking',
  narration: 'the narration',
  narrator: 'the first-person narrator',
  continuation: 'the previous quote',
  ai: 'the AI analysis',
  user: 'you',
  none: 'nothing',
};

export function QuoteSpeakerPopover({ quote, anchor, characters, onClose, onChoose, readOnly = false }: Props) {
  const [busy, setBusy] = useState(false);
  const current = quote?.speakerId ? characters.find((c) => c.id === quote.speakerId) : undefined;
  const options: Option[] = [...characters]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((character) => ({ kind: 'character', character }));

  const choose = async (option: Option | null) => {
    if (!quote || !option) return;
    setBusy(true);
    const ok = await onChoose(
      quote,
      option.kind === 'character' ? { speakerId: option.character.id } : { newName: option.name },
    );
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Popover
      open={!!quote && !!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2, width: 340, maxWidth: 'calc(100vw - 24px)' } } }}
    >
      {quote && (
        <Box role="dialog" aria-label="Change speaker">
          <Typography variant="overline" color="text.secondary">
            Speaker
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            {quote.speakerId && (
              <Box
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: speakerColor(quote.speakerId, current),
                  flexShrink: 0,
                }}
              />
            )}
            <Typography sx={{ fontWeight: 650 }}>
              {quote.speakerId ? (current?.name ?? 'Unknown speaker') : 'Unattributed'}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
            Set by {METHOD_LABEL[quote.attributionMethod]}
            {quote.attributionMethod !== 'user' ? ` · confidence ${Math.round(quote.confidence * 100)}%` : ''}
          </Typography>
          {!readOnly && (
            <Autocomplete<Option>
              autoFocus
              openOnFocus
              disabled={busy}
              options={options}
              getOptionLabel={(o) => (o.kind === 'character' ? o.character.name : o.name)}
              isOptionEqualToValue={(a, b) =>
                a.kind === 'character' && b.kind === 'character' && a.character.id === b.character.id
              }
              filterOptions={(opts, state) => {
                const found = filter(opts, state);
                const typed = state.inputValue.trim();
                if (
                  typed &&
                  !opts.some((o) => o.kind === 'character' && o.character.name.toLowerCase() === typed.toLowerCase())
                )
                  found.push({ kind: 'new', name: typed });
                return found;
              }}
              renderOption={(props, o) => {
                const { key, ...rest } = props as typeof props & { key: string };
                return (
                  <li key={key} {...rest}>
                    {o.kind === 'character' ? (
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Box
                          sx={{
                            width: 10,
                            height: 10,
                            borderRadius: '50%',
                            bgcolor: speakerColor(o.character.id, o.character),
                          }}
                        />
                        <span>{o.character.name}</span>
                      </Stack>
                    ) : (
                      <span>Create new character “{o.name}”</span>
                    )}
                  </li>
                );
              }}
              onChange={(_e, value) => void choose(value)}
              renderInput={(params) => (
                <TextField {...params} size="small" label="Who speaks this?" placeholder="Type a name" />
              )}
            />
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
            <Button size="small" onClick={onClose}>
              Close
            </Button>
          </Stack>
        </Box>
      )}
    </Popover>
  );
}
