// Beyond the plan's project limit: readable and deletable, every edit refused by the server, so the
// controls that would edit are off and this banner says why.
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { SUBSCRIPTION_PATH } from '../subscription';

export function ReadOnlyBanner({ reason }: { reason: string }) {
  return (
    <Alert
      severity="warning"
      icon={<LockOutlinedIcon fontSize="inherit" />}
      data-testid="read-only-banner"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={SUBSCRIPTION_PATH}>
          Upgrade
        </Button>
      }
      sx={{ borderRadius: 3, alignItems: 'center' }}
    >
      {reason}
    </Alert>
  );
}
