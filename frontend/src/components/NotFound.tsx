import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';

export function NotFound({ homePath = '/', homeLabel = 'Back to home' }: { homePath?: string; homeLabel?: string }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '55vh', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 480 }}>
        <Typography variant="overline" color="primary">
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-all' }}>
          There is no page at {pathname}.
        </Typography>
        <Button component={RouterLink} to={homePath} variant="contained">
          {homeLabel}
        </Button>
      </Box>
    </Box>
  );
}

export default NotFound;
