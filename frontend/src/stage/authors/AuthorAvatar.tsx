import { Avatar, type AvatarProps } from '@mui/material';
import type { Author } from '@castbook/contracts';
import { useAuthedImage } from '../../api/authed-image';
import { authorName } from '../../api/authors-api';
import { initialsOf } from '../../components/UserAvatar';

/** An author's picture (owner-only, fetched with the session) or their initials (SPEC §2). */
export function AuthorAvatar({
  author,
  size = 56,
  ...rest
}: { author: Pick<Author, 'firstName' | 'lastName' | 'avatar'>; size?: number } & AvatarProps) {
  const src = useAuthedImage(author.avatar);
  return (
    <Avatar
      src={src}
      alt={authorName(author)}
      {...rest}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.38,
        fontWeight: 700,
        bgcolor: 'secondary.main',
        color: '#1a1300',
        ...rest.sx,
      }}
    >
      {initialsOf(authorName(author))}
    </Avatar>
  );
}
