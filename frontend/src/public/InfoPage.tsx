// About, Privacy and Terms: short, plain statements of what is true today.
import { Container, Typography } from '@mui/material';
import type { InfoContent } from './info-content';

export default function InfoPage({ content }: { content: InfoContent }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: 4 }}>
        {content.title}
      </Typography>
      {content.paragraphs.map((p) => (
        <Typography key={p.slice(0, 24)} sx={{ mb: 2.5, fontSize: '1.08rem', lineHeight: 1.8 }} color="text.secondary">
          {p}
        </Typography>
      ))}
    </Container>
  );
}
