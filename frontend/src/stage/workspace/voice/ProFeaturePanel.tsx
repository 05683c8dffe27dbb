// SPEC §2's feature gate: a 'Pro Feature' panel with 'Upgrade to Pro' where a plan lacks the feature.
// The button goes to /pricing, as SPEC §2 says: the plans side by side, each with its way to upgrade.
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';

export function ProFeaturePanel({ children }: { children: string }) {
  return (
    <Box
      role="region"
      aria-label="Pro Feature"
      data-testid="pro-feature-panel"
      sx={{ p: 1.5, borderRadius: 2, border: '1px dashed', borderColor: 'primary.main', bgcolor: 'action.hover' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <WorkspacePremiumOutlined color="primary" fontSize="small" />
        <Typography sx={{ fontWeight: 650 }}>Pro Feature</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {children}
      </Typography>
      <Button component={RouterLink} to="/pricing" variant="contained" size="small">
        Upgrade to Pro
      </Button>
    </Box>
  );
}
