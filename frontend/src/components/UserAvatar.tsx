import { Avatar, type AvatarProps } from '@mui/material';
import type { User } from '@castbook/contracts';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

/** The user's picture, or the initials of their name (SPEC §2). */
export function UserAvatar({
  user,
  size = 36,
  ...rest
}: { user: Pick<User, 'name' | 'avatar'>; size?: number } & AvatarProps) {
  return (
    <Avatar
      src={user.avatar ?? undefined}
      alt={user.name}
      {...rest}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 700,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        ...rest.sx,
      }}
    >
      {initialsOf(user.name)}
    </Avatar>
  );
}
