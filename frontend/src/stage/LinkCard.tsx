import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { SvgIconComponent } from '@mui/icons-material';

/** A card that is one big link: icon, title, a line of text and optional detail. */
export function LinkCard({
  to,
  icon: Icon,
  title,
  text,
  children,
}: {
  to: string;
  icon: SvgIconComponent;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Card
      sx={{
        height: '100%',
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 8px 24px rgba(79,70,229,0.10)' },
      }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Box
              sx={{
                width: 42,
                height: 42,
                borderRadius: 2.5,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgba(99,102,241,0.12)',
                color: 'primary.main',
              }}
            >
              <Icon />
            </Box>
            <ChevronRight color="action" />
          </Box>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {text}
          </Typography>
          {children}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
