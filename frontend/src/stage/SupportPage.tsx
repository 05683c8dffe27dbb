// /stage/support (SPEC §2): a side table of contents and the seven help sections.
import { Box, Chip, Grid, Link, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { SIDEBAR_PAGES } from '../nav/pages';
import { PageHeader } from './PageHeader';
import { HELP_SECTIONS, type HelpBlock, type HelpSection } from './support-content';

const isReady = (s: HelpSection) =>
  !s.planned && (!s.dependsOn || SIDEBAR_PAGES.some((p) => p.title === s.dependsOn && p.ready));

function Block({ block }: { block: HelpBlock }) {
  return (
    <Box sx={{ mt: 2.5 }}>
      {block.heading && (
        <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
          {block.heading}
        </Typography>
      )}
      {block.paragraphs?.map((p) => (
        <Typography key={p.slice(0, 32)} sx={{ mb: 1.5, lineHeight: 1.75 }}>
          {p}
        </Typography>
      ))}
      {(block.steps ?? block.bullets) && (
        <Box component={block.steps ? 'ol' : 'ul'} sx={{ pl: 3, my: 0, '& li': { mb: 1, lineHeight: 1.7, pl: 0.5 } }}>
          {(block.steps ?? block.bullets)!.map((item) => (
            <li key={item.slice(0, 32)}>{item}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Contents() {
  return (
    <Paper
      component="nav"
      aria-label="Help topics"
      variant="outlined"
      sx={{ p: 2, position: { md: 'sticky' }, top: { md: 88 } }}
    >
      <Typography variant="overline" color="text.secondary" component="p" sx={{ px: 1 }}>
        On this page
      </Typography>
      <List dense disablePadding>
        {HELP_SECTIONS.map((s) => (
          <ListItem key={s.id} disablePadding>
            <Link
              href={`#${s.id}`}
              underline="none"
              color="text.primary"
              sx={{
                display: 'block',
                width: '100%',
                px: 1,
                py: 0.75,
                borderRadius: 1.5,
                fontWeight: 500,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              {s.title}
            </Link>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

export default function SupportPage() {
  return (
    <>
      <PageHeader
        title="Support"
        description="How Castbook works, step by step: from your first upload to your plan. Anything marked Coming soon is not available yet."
      />
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Contents />
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Stack spacing={3}>
            {HELP_SECTIONS.map((s) => {
              const ready = isReady(s);
              return (
                <Paper
                  key={s.id}
                  component="section"
                  id={s.id}
                  aria-labelledby={`${s.id}-title`}
                  variant="outlined"
                  sx={{ p: { xs: 2.5, md: 3.5 }, scrollMarginTop: 88 }}
                >
                  <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
                    <Typography id={`${s.id}-title`} variant="h5" component="h2">
                      {s.title}
                    </Typography>
                    {!ready && (
                      <Chip
                        label="Coming soon"
                        size="small"
                        variant="outlined"
                        // Amber dark enough for small text on either theme (axe color-contrast).
                        sx={{
                          fontWeight: 600,
                          color: (t) => (t.palette.mode === 'dark' ? '#fcd34d' : '#92400e'),
                          borderColor: (t) => (t.palette.mode === 'dark' ? '#fcd34d' : '#b45309'),
                        }}
                      />
                    )}
                  </Stack>
                  <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                    {s.summary}
                  </Typography>
                  {!ready && s.dependsOn && (
                    <Typography variant="body2" sx={{ mt: 2, p: 1.5, borderRadius: 1.5, bgcolor: 'action.hover' }}>
                      The {s.dependsOn} screens are still being built. This section describes how they will work once
                      they arrive; none of it is available in your account yet.
                    </Typography>
                  )}
                  {s.blocks.map((b, i) => (
                    <Block key={b.heading ?? i} block={b} />
                  ))}
                </Paper>
              );
            })}
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
