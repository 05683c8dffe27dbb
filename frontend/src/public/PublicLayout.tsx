import { Outlet } from 'react-router-dom';
import { Box } from '@mui/material';
import { PublicHeader } from './PublicHeader';
import { Footer } from './Footer';

export default function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <PublicHeader />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
