// An optional image (a project thumbnail, an author avatar): a preview, a button to choose a file,
// and one to take it away. The services recognise images by content; this only spares a round trip
// for files that are plainly not pictures.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Avatar, Box, Button, FormHelperText, Typography } from '@mui/material';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { blobToDataUrl } from '../api/authed-image';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(','));
export const NOT_AN_IMAGE = 'Please choose a PNG, JPEG, WebP or GIF image';

export function ImagePicker({
  label,
  file,
  onFileChange,
  currentSrc,
  onRemoveCurrent,
  removeLabel = 'Remove',
  shape = 'cover',
  fallback,
  disabled,
  hint,
}: {
  label: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The picture already saved (an object URL), shown while no new file is chosen. */
  currentSrc?: string;
  /** Offered when a saved picture is shown: removes it. */
  onRemoveCurrent?: () => void;
  removeLabel?: string;
  shape?: 'cover' | 'circle';
  /** Shown when there is no picture at all (initials for an avatar). */
  fallback?: ReactNode;
  disabled?: boolean;
  hint?: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | undefined>();

  useEffect(() => {
    setPreview(undefined);
    if (!file) return;
    let live = true;
    // A data: URL: the page's CSP lets images come from the app itself or data:, not blob:.
    blobToDataUrl(file).then(
      (url) => live && setPreview(url),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [file]);

  const shown = preview ?? currentSrc;
  const size = shape === 'circle' ? 72 : { w: 60, h: 80 };

  return (
    <Box>
      <Typography component="label" htmlFor={inputId} variant="body2" fontWeight={600} sx={{ display: 'block', mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {shape === 'circle' ? (
          <Avatar
            src={shown}
            alt=""
            sx={{
              width: size as number,
              height: size as number,
              fontWeight: 700,
              bgcolor: 'secondary.main',
              color: '#1a1300',
            }}
          >
            {fallback}
          </Avatar>
        ) : (
          <Box
            sx={{
              width: (size as { w: number }).w,
              height: (size as { h: number }).h,
              borderRadius: 1.5,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'text.secondary',
              flexShrink: 0,
            }}
          >
            {shown ? (
              <Box component="img" src={shown} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            ) : (
              (fallback ?? <ImageOutlined />)
            )}
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="outlined" size="small" disabled={disabled} onClick={() => input.current?.click()}>
            {file || currentSrc ? 'Change image' : 'Choose image'}
          </Button>
          {file && (
            <Button size="small" color="inherit" disabled={disabled} onClick={() => onFileChange(null)}>
              Clear
            </Button>
          )}
          {!file && currentSrc && onRemoveCurrent && (
            <Button size="small" color="error" disabled={disabled} onClick={onRemoveCurrent}>
              {removeLabel}
            </Button>
          )}
        </Box>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          disabled={disabled}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!chosen) return;
            if (!IMAGE_TYPES.has(chosen.type)) {
              setError(NOT_AN_IMAGE);
              return;
            }
            setError(null);
            onFileChange(chosen);
          }}
        />
      </Box>
      <FormHelperText error={!!error} sx={{ mx: 0 }}>
        {error ?? (file ? file.name : (hint ?? ' '))}
      </FormHelperText>
    </Box>
  );
}
