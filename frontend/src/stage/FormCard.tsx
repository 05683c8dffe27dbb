import type { ReactNode } from 'react';
import { Card, CardContent } from '@mui/material';

export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Card sx={{ maxWidth: 560 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>{children}</CardContent>
    </Card>
  );
}
